import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import type { ParamsOf, QueryOf, ResultOf } from '../contract/client.ts'
import { ACCOUNTS } from '../demo/world.ts'
import { buildPath, type Descriptor } from '../contract/descriptor.ts'
import * as system from '../contract/descriptors/system.ts'
import { API_PREFIX } from '../server/src/app.ts'
import { freePort } from '../server/src/free-port.ts'
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages.ts'

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

/**
 * One Chromium for the test file, and a watch on the uncaught errors of the pages it opens: each
 * test ends with none.
 */
export const useBrowser = () => {
  let browser: Browser | undefined
  let pageErrors: string[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(() => {
    const found = pageErrors
    pageErrors = []
    expect(found).toEqual([])
  })
  return {
    get browser(): Browser {
      if (!browser) throw new Error('The browser starts before the tests')
      return browser
    },
    /** Reports the page's uncaught errors to the running test. */
    watch: (page: Page) => {
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
      return page
    },
    /**
     * A page of a visitor in Tokyo who chose `language` (the product keeps the choice in the
     * browser), `width` px wide, watched for uncaught errors.
     */
    async visitorPage(language: 'en-US' | 'jp-JP', width = 1440) {
      const context = await this.browser.newContext({
        viewport: { width, height: 900 },
        timezoneId: 'Asia/Tokyo',
        locale: language === 'jp-JP' ? 'ja-JP' : 'en-US',
      })
      // A visitor who chose the language before: its cookie makes even the first page theirs.
      await context.addCookies([
        { name: LANGUAGE_COOKIE, value: language, url: inject('product').origin },
      ])
      return this.watch(await context.newPage())
    },
  }
}

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
    // Every query field of the contract is a string, a number or a boolean.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      url.searchParams.set(key, String(value))
    }
  }
  return url.href
}

/** Where the one product of a test run listens, and where it keeps its data and its log. */
export interface ProductAddress {
  origin: string
  dataDir: string
  /** The server's whole output (stdout and stderr), e-mails included. */
  logFile: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductAddress
  }
}

export interface RunningProduct extends ProductAddress {
  /** The server's output so far. */
  output: () => string
  /** The absolute URL of a screen of the SPA: `product.appUrl(paths.auth.login.href())`. */
  appUrl: (path: string) => string
  /** The absolute URL of an API call: `product.apiUrl(guest.guestLessons, { query })`. */
  apiUrl: <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => string
  /** The successful JSON answer of a GET call, typed by the contract. */
  getJson: <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => Promise<ResultOf<D>>
  /** The newest link to `path` in an e-mail to `to`, as the server logs its outbox. */
  emailLink: (to: string, path: string) => Promise<string>
  /**
   * The successful JSON answer to the page's next call of `descriptor` with these params (and at
   * least these query parameters), typed by the contract: what the screen itself received. Start
   * waiting before the action that makes the call.
   */
  nextAnswer: <D extends Descriptor>(
    page: Page,
    descriptor: D,
    call?: ApiCall<D>,
  ) => Promise<ResultOf<D>>
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

/** The helpers of a running product, from any process that knows its address. */
export const productAt = (address: ProductAddress): RunningProduct => {
  const apiUrl = <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) =>
    apiUrlAt(address.origin, descriptor, call)
  const getJson = async <D extends Descriptor>(descriptor: D, call?: ApiCall<D>) => {
    const answer = await fetch(apiUrl(descriptor, call))
    if (!answer.ok) throw new Error(`${descriptor.path} answered ${answer.status}`)
    return (await answer.json()) as ResultOf<D>
  }
  const emailLink = async (to: string, path: string) => {
    const until = Date.now() + 10_000
    while (Date.now() < until) {
      const link = findEmailLink(await readFile(address.logFile, 'utf8'), to, path)
      if (link) return link
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`No e-mail to ${to} with a link to ${path}`)
  }
  const nextAnswer = async <D extends Descriptor>(page: Page, descriptor: D, call?: ApiCall<D>) => {
    const expected = new URL(apiUrl(descriptor, call))
    const response = await page.waitForResponse((candidate) => {
      const url = new URL(candidate.url())
      return (
        candidate.request().method() === descriptor.method &&
        url.origin === expected.origin &&
        url.pathname === expected.pathname &&
        [...expected.searchParams].every(([key, value]) => url.searchParams.get(key) === value)
      )
    })
    if (!response.ok()) throw new Error(`${descriptor.path} answered ${response.status()}`)
    return (await response.json()) as ResultOf<D>
  }
  return {
    ...address,
    output: () => readFileSync(address.logFile, 'utf8'),
    appUrl: (path: string) => `${address.origin}${path}`,
    apiUrl,
    getJson,
    emailLink,
    nextAnswer,
  }
}

/**
 * The product the e2e project's global setup (`e2e/global-setup.ts`) started for the whole run:
 * every test file shares it, its database included, so a test makes its own records (a new
 * account, a new licence) and leaves the demo data as other files expect it.
 */
export const connectProduct = (): RunningProduct => productAt(inject('product'))

/**
 * Starts the product exactly as a newcomer does (`npm start`: build the SPA, serve it and the API
 * on one origin, embedded database, demo data) on a fresh data folder and a free port. Its output
 * goes to a file, so test workers in other processes can read the e-mails it logs.
 */
export const startProduct = async (): Promise<RunningProduct & { stop: () => Promise<void> }> => {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const root = await mkdtemp(join(tmpdir(), 'manabi-e2e-'))
  const dataDir = join(root, 'data')
  const logFile = join(root, 'server.log')
  await mkdir(dataDir)
  const log = await open(logFile, 'a')
  const child: ChildProcess = spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
    env: {
      // The test runner's own VITE_* settings (the mocks' API URL) and its NODE_ENV=test (which
      // would make Vite build React's development bundle) must not leak into the build.
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          ([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV',
        ),
      ),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      // info: the mailer logs each e-mail with its links.
      LOG_LEVEL: 'info',
      // Each journey signs in many times from one address; the limit itself is tested in the API tests.
      AUTH_RATE_LIMIT: '1000',
      DATABASE_URL: '',
    },
  })
  // The child holds its own copy of the descriptor.
  await log.close()
  const product = productAt({ origin, dataDir, logFile })

  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
    }
    await rm(root, { recursive: true, force: true })
  }

  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const response = await fetch(apiUrlAt(origin, system.health))
      if (response.ok) return { ...product, stop }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const output = product.output()
  await stop()
  throw new Error(`The product did not start on ${origin}:\n${output}`)
}

/** A demo account of the seed, by its key. */
export const demoAccount = (key: (typeof ACCOUNTS)[number]['key']) => {
  const account = ACCOUNTS.find((candidate) => candidate.key === key)
  if (!account) throw new Error(`No demo account ${key}`)
  return account
}
