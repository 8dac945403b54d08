// The product as `npm start` runs it (built SPA and API on one origin, NODE_ENV=production), on a
// fresh data folder and a free port, on PGlite or on a fresh database of a PostgreSQL server.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from '../../server/src/free-port.ts'

/** The environment of a child that must not inherit the caller's VITE_* or NODE_ENV. */
export const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV'),
  )

/** A fresh database on the server of `serverUrl`, dropped by `drop`. */
export const createDatabase = async (serverUrl: string, suffix = '') => {
  const name = `manabi_bench_${process.pid}${suffix ? `_${suffix}` : ''}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

export interface Product {
  origin: string
  stop: () => Promise<void>
  /** The server process's resident memory now, in bytes (Linux's /proc). */
  residentBytes: () => Promise<number>
}

/** A process's resident set size (VmRSS in /proc/<pid>/status), in bytes. */
const residentBytesOf = async (pid: number | undefined) => {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8')
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (kilobytes === undefined) throw new Error(`No resident memory for process ${String(pid)}`)
  return Number(kilobytes) * 1024
}

/** A scratch folder for one product: its data folder and its log. */
export const scratch = async () => {
  const root = await mkdtemp(join(tmpdir(), 'manabi-bench-'))
  const dataDir = join(root, 'data')
  await mkdir(dataDir)
  return { root, dataDir, logFile: join(root, 'server.log') }
}

/** Builds the product as `npm start` does (`npm run build`: the SPA, then the server). */
export const buildProduct = (say: (line: string) => void) => {
  say('building the product (npm run build: the SPA and the server)')
  const build = spawnSync('npm', ['run', 'build'], { env: cleanEnv(), encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}${build.stderr}`)
}

/** The server `npm run build` writes, which `npm start` runs. */
const BUILT_SERVER = 'server/dist/server.js'

/**
 * Starts the server on `dataDir` (and `databaseUrl` when given) serving the SPA from dist/.
 * Request logging is off (LOG_LEVEL=warn): the bench measures the app, not the log sink.
 */
export const startProduct = async (options: {
  dataDir: string
  logFile: string
  databaseUrl?: string
}): Promise<Product> => {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const log = await open(options.logFile, 'a')
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    stdio: ['ignore', log.fd, log.fd],
    env: {
      ...cleanEnv(),
      NODE_ENV: 'production',
      // As `npm start`: the built-in PayPal stand-in, opted into.
      PAYPAL_STANDIN: 'true',
      SPA_DIR: 'dist',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: origin,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
  })
  await log.close()
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${origin}/api/`)).ok) {
        return { origin, stop, residentBytes: () => residentBytesOf(child.pid) }
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  await stop()
  throw new Error(
    `The product did not start on ${origin}:\n${await readFile(options.logFile, 'utf8')}`,
  )
}

/** Starts the bare Fastify app in a child process and answers its URL. */
export const startBare = async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: cleanEnv(),
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /bare fastify on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`The bare Fastify app ended (${code})`)))
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  return { url, stop }
}

export const removeScratch = (root: string) => rm(root, { recursive: true, force: true })
