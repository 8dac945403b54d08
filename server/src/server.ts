import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { DataDirInUseError } from './db/data-dir-lock.ts'
import { seedDemoData } from './db/seed.ts'
import { freePort } from './free-port.ts'

const hostPort = (address: string, port: number) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`

/**
 * PORT=0 asks for any free port; the default origin names the port, so it is chosen before the
 * app is built, not left to the listener.
 */
const withFreePort = async (env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> => {
  if (env.PORT !== '0' || env.APP_ORIGIN) return env
  return { ...env, PORT: String(await freePort()) }
}

/** Starts the server: configuration, database, demo data, logging, graceful shutdown. */
const main = async () => {
  const config = loadConfig(await withFreePort(process.env))
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  )
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL },
  })
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(database.db, app.storage)
    if (seeded) app.log.info('Empty database: demo data seeded (see README for the demo accounts)')
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, shutting down`)
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))

  await app.listen({ host: config.HOST, port: config.PORT })
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`
  const listening = app
    .addresses()
    .map((entry) => (typeof entry === 'string' ? entry : hostPort(entry.address, entry.port)))
  app.log.info(
    `Manabi on ${config.APP_ORIGIN} (listening on ${listening.join(', ')}; API under /api; ` +
      `database: ${where})`,
  )
}

main().catch((error: unknown) => {
  // A configuration or data-folder problem is the operator's to fix: its message says how.
  const known = error instanceof DataDirInUseError || error instanceof ConfigError
  console.error(known ? error.message : error)
  process.exit(1)
})
