import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import type { ParamsOf, QueryOf, ResultOf } from '../contract/client.ts'
import { buildPath, type Descriptor } from '../contract/descriptor.ts'
import * as system from '../contract/descriptors/system.ts'
import { API_PREFIX } from '../server/src/app.ts'

/** Debian's Chromium, started the way this machine allows (no sandbox, no background network). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('No port')),
      )
    })
  })

export interface ApiCall<D extends Descriptor> {
  params?: ParamsOf<D>
  query?: QueryOf<D>
}

/**
 * The absolute URL of a call of `descriptor` on the product at `origin`: the API sits under the
 * server's own prefix, and the path and query come from the contract.
 */
const apiUrlAt = <D extends Descriptor>(
  origin: string,
  descriptor: D,
  { params, query }: ApiCall<D> = {},
) => {
  const path = buildPath(descriptor.path, params)
  const url = new URL(`${origin}${API_PREFIX}${path}`)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.href
}

export interface RunningProduct {
  origin: string
  dataDir: string
  stop: () => Promise<void>
  output: () => string
  /** The absolute URL of a screen of the SPA: `product.appUrl(paths.auth.login.href())`. */
  appUrl: (path: string) => string
  /** The absolute URL of an API call: `product.apiUrl(guest.guestLessons, { query })`. */
  apiUrl: <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => string
  /** The successful JSON answer of a GET call, typed by the contract. */
  getJson: <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => Promise<ResultOf<D>>
  /** The newest link to `path` in an e-mail to `to`, as the server logs its outbox. */
  emailLink: (to: string, path: string) => Promise<string>
}

/**
 * Without SMTP the server logs every e-mail with its text (one JSON line each), which is how a
 * local user finds a link, and how these tests do.
 */
const findEmailLink = (log: string, to: string, path: string) => {
  const links = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as { to?: string; msg?: string }
      } catch {
        return {}
      }
    })
    .filter((entry) => entry.to === to)
    .flatMap((entry) => entry.msg?.match(/https?:\/\/\S+/g) ?? [])
    .filter((url) => new URL(url).pathname === path)
  return links.at(-1)
}

/**
 * Starts the product exactly as a newcomer does (`npm start`: build the SPA, serve it and the API
 * on one origin, embedded database, demo data) on a fresh data folder and a free port.
 */
export const startProduct = async (): Promise<RunningProduct> => {
  // info: the mailer logs each e-mail with its links.
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = await mkdtemp(join(tmpdir(), 'manabi-e2e-'))
  let log = ''
  const child: ChildProcess = spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // The test runner's own VITE_* settings (the mocks' API URL) must not leak into the build.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
      ),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      LOG_LEVEL: 'info',
      // Each journey signs in many times from one address; the limit itself is tested in the API tests.
      AUTH_RATE_LIMIT: '1000',
      DATABASE_URL: '',
    },
  })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))

  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const response = await fetch(apiUrlAt(origin, system.health))
      if (response.ok) {
        const emailLink = async (to: string, path: string) => {
          const until = Date.now() + 10_000
          while (Date.now() < until) {
            const link = findEmailLink(log, to, path)
            if (link) return link
            await new Promise((resolve) => setTimeout(resolve, 200))
          }
          throw new Error(`No e-mail to ${to} with a link to ${path}`)
        }
        const apiUrl = <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) =>
          apiUrlAt(origin, descriptor, call)
        const getJson = async <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => {
          const answer = await fetch(apiUrl(descriptor, call))
          if (!answer.ok) throw new Error(`${descriptor.path} answered ${answer.status}`)
          return (await answer.json()) as ResultOf<D>
        }
        const appUrl = (path: string) => `${origin}${path}`
        return { origin, dataDir, stop, output: () => log, appUrl, apiUrl, getJson, emailLink }
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`The product did not start on ${origin}:\n${log}`)
}
