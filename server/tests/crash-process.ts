import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import type { Descriptor } from '../../contract/descriptor.ts'
import { API_PREFIX } from '../src/app.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { createPayPalFake } from '../src/payments/paypal-fake.ts'
import { APP_ORIGIN, emptyDatabaseImage, urlOf } from './helpers.ts'
import { PAYPAL } from './payment-fixtures.ts'
import { serverArguments } from './built-server.ts'

/**
 * The real server as a process of its own, its data, and PayPal outside it: what the crash
 * tests kill, restart and look into.
 */

/**
 * Where the server keeps its data: a data folder (uploads, and the embedded database unless
 * DATABASE_URL names a PostgreSQL server, where each store is a fresh database).
 */
export interface Store {
  kind: 'pglite' | 'postgres'
  dataDir: string
  /** The server's environment for this store. */
  env: Record<string, string>
  /**
   * The database as it is this instant, for checks. The embedded one is a copy of its folder
   * (taken before this resolves), so the folder stays as a kill left it for the restart.
   */
  snapshot: () => Promise<<T>(check: (db: Database) => Promise<T>) => Promise<T>>
  dispose: () => Promise<void>
}

export const openStore = async (seed: (db: Database) => Promise<void>): Promise<Store> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'manabi-crash-'))
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const seeding = await openDatabase({ dataDir, image: await emptyDatabaseImage() })
    try {
      await seed(seeding.db)
    } finally {
      await seeding.close()
    }
    return {
      kind: 'pglite',
      dataDir,
      env: { DATABASE_URL: '' },
      snapshot: async () => {
        const copy = await mkdtemp(join(tmpdir(), 'manabi-crash-copy-'))
        await cp(join(dataDir, 'pglite'), join(copy, 'pglite'), { recursive: true })
        return async (check) => {
          const database = await openDatabase({ dataDir: copy })
          try {
            return await check(database.db)
          } finally {
            await database.close()
            await rm(copy, { recursive: true, force: true })
          }
        }
      },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    }
  }
  // PostgreSQL outlives the server by itself: what a kill can break there is our write order.
  const name = `manabi_crash_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  await seed(database.db)
  return {
    kind: 'postgres',
    dataDir,
    env: { DATABASE_URL: url.toString() },
    snapshot: () => Promise.resolve((check) => check(database.db)),
    dispose: async () => {
      await database.close()
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * PayPal's fake (the one the payment tests use) on a loopback port, taking some milliseconds per
 * answer as PayPal does. It can hold back the answers of orders and captures it made: the work
 * is done at PayPal, and its answer is lost with the server that waits for it.
 */
export const startPayPal = async (delay: () => number) => {
  const fake = createPayPalFake(PAYPAL)
  const server = Fastify({ forceCloseConnections: true })
  const held = { orders: 0, captures: 0 }
  let holding = { orders: 0, captures: false }
  let onHeld = () => {}
  let release = () => {}
  let gate = Promise.resolve()
  server.addHook('onSend', async (request, reply, payload) => {
    await new Promise((resolve) => setTimeout(resolve, delay()))
    const path = request.url.split('?')[0] ?? ''
    const kind = /\/v2\/checkout\/orders$/.test(path)
      ? 'orders'
      : /\/capture$/.test(path)
        ? 'captures'
        : null
    const holds =
      kind === 'orders' ? held.orders < holding.orders : kind === 'captures' && holding.captures
    if (kind && holds && reply.statusCode < 300) {
      held[kind] += 1
      onHeld()
      await gate
    }
    return payload
  })
  await server.register(fake.plugin)
  const url = await server.listen({ host: '127.0.0.1', port: 0 })
  return {
    fake,
    url,
    held,
    /** Holds back the answers of the next `orders` orders and (or) of every capture. */
    hold(what: { orders: number; captures: boolean }, then: () => void) {
      held.orders = 0
      held.captures = 0
      holding = what
      onHeld = then
      gate = new Promise((resolve) => (release = resolve))
    },
    releaseAll() {
      holding = { orders: 0, captures: false }
      onHeld = () => {}
      release()
    },
    close: () => server.close(),
  }
}
export type PayPal = Awaited<ReturnType<typeof startPayPal>>

/** The real server process, as `npm start` runs it (without the SPA). */
export interface ServerProcess {
  pid: number
  origin: string
  output: () => string
  /** Sends SIGKILL now: for the very moment something happens. */
  killNow: () => void
  /** SIGKILL, and the wait until the process is gone. */
  kill: () => Promise<void>
  /** SIGTERM, the graceful shutdown; answers the exit code. */
  stop: () => Promise<number | null>
}

export const startServer = async (store: Store, paypal: PayPal): Promise<ServerProcess> => {
  const child = spawn(process.execPath, serverArguments(), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      APP_ORIGIN,
      DATA_DIR: store.dataDir,
      SEED_DEMO: 'false',
      // info: the server says where it listens.
      LOG_LEVEL: 'info',
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      PAYPAL_API_URL: paypal.url,
      ...store.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The server did not start within 90 s:\n${output}`))
    }, 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /Server listening at (http:\/\/[\d.]+:\d+)/.exec(output)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (${code}) before listening:\n${output}`))
    })
  })
  return {
    pid: child.pid ?? 0,
    origin,
    output: () => output,
    killNow: () => void child.kill('SIGKILL'),
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** The server's log lines at error level or above (pino writes one JSON object a line). */
export const errorLines = (output: string) =>
  output.split('\n').filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50
    } catch {
      // Not a log line, or the last one, cut by a kill.
      return false
    }
  })

/** An answer of the server; status 0 when the connection died first. */
export interface Answer {
  status: number
  body: unknown
}

export const messageOf = (answer: Answer) => (answer.body as { message?: unknown } | null)?.message

export interface CallInput {
  params?: Readonly<Record<string, number>>
  cookie: string
  body?: unknown
  /** A multipart body and its content type. */
  upload?: { body: Buffer; headers: Record<string, string> }
}

/** One API call over HTTP, as the browser on the app's origin makes it. */
export const call = async (
  origin: string,
  descriptor: Descriptor,
  input: CallInput,
): Promise<Answer> => {
  const headers: Record<string, string> = { origin: APP_ORIGIN, cookie: input.cookie }
  let body: BodyInit | undefined
  if (input.upload) {
    Object.assign(headers, input.upload.headers)
    body = new Uint8Array(input.upload.body)
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body)
  }
  try {
    const response = await fetch(
      `${origin}${API_PREFIX}${urlOf(descriptor, { params: input.params ?? {} })}`,
      { method: descriptor.method, headers, body },
    )
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  } catch {
    return { status: 0, body: null }
  }
}

/** The bytes a GET answers. */
export const fetchBytes = async (
  origin: string,
  descriptor: Descriptor,
  input: Pick<CallInput, 'params' | 'cookie'>,
) => {
  const response = await fetch(
    `${origin}${API_PREFIX}${urlOf(descriptor, { params: input.params ?? {} })}`,
    { headers: { cookie: input.cookie } },
  )
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}
