import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import { APP_ORIGIN, emptyDatabaseImage } from './helpers.ts'
import { serverArguments } from './built-server.ts'

const folders: string[] = []
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

/** The settings of the README's "Deploying several instances", without the PayPal variables. */
const deployed = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  APP_ORIGIN: '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
  FILE_STORAGE: 'database',
  PAYPAL_CLIENT_ID: '',
  PAYPAL_CLIENT_SECRET: '',
  PAYPAL_WEBHOOK_ID: '',
  PAYPAL_STANDIN: '',
  PAYPAL_ENV: '',
  DATABASE_URL: '',
}

/**
 * Runs the real server entry point until it announces itself (then stops it) or ends by itself;
 * answers how it ended and what it printed.
 */
const runServer = async (env: Record<string, string>) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'manabi-standin-start-'))
  folders.push(dataDir)
  return new Promise<{ started: boolean; code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverArguments(), {
      env: { ...process.env, ...deployed, DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let started = false
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (!started && /Manabi on http/.test(output)) {
        started = true
        child.kill('SIGTERM')
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ started, code, output })
    })
  })
}

describe('a production server without PayPal credentials', () => {
  it('refuses to start, naming the variables and the opt-in', async () => {
    const run = await runServer({})
    expect(run.started).toBe(false)
    expect(run.code).toBe(1)
    for (const name of [
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'PAYPAL_STANDIN=true',
    ]) {
      expect(run.output).toContain(name)
    }
  }, 120_000)

  it('starts with the stand-in when PAYPAL_STANDIN opts in, as `npm start` does', async () => {
    const run = await runServer({ PAYPAL_STANDIN: 'true' })
    expect(run.started, run.output).toBe(true)
    expect(run.output).toContain('built-in test stand-in')
  }, 120_000)
})

describe('the stand-in opt-in', () => {
  const base = { APP_ORIGIN, SEED_DEMO: 'false' }

  it('is needed in production only; development and tests run the stand-in without it', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PAYPAL_STANDIN=true/)
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PAYPAL_STANDIN: '1' }).PAYPAL_STANDIN,
    ).toBe(true)
    expect(() => loadConfig({ ...base, NODE_ENV: 'development' })).not.toThrow()
    expect(() => loadConfig({ ...base, NODE_ENV: 'test' })).not.toThrow()
  })

  it('never runs the stand-in in the live environment, opted in or not', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ ...base, NODE_ENV, PAYPAL_ENV: 'live', PAYPAL_STANDIN: 'true' }),
      ).toThrow(/live needs PayPal credentials/)
    }
  })

  it('is refused by the app itself when a production configuration bypasses loadConfig', async () => {
    const database = await openDatabase({ dataDir: null, image: await emptyDatabaseImage() })
    const config = { ...loadConfig({ ...base, NODE_ENV: 'test' }), NODE_ENV: 'production' as const }
    try {
      await expect(buildApp({ config, database })).rejects.toThrow(/PAYPAL_STANDIN=true/)
    } finally {
      await database.close()
    }
  })

  it('with credentials, the stand-in never runs, opted in or not', async () => {
    const database = await openDatabase({ dataDir: null, image: await emptyDatabaseImage() })
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      PAYPAL_STANDIN: 'true',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'webhook',
    })
    const app = await buildApp({ config, database })
    try {
      expect(app.payments.publicConfig.sdkBaseUrl).toBeNull()
      const script = await app.inject({ url: '/api/paypal-standin/sdk/js' })
      expect(script.statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
