import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/world.ts'
import { serverArguments } from './built-server.ts'

let child: ChildProcess | undefined
let dataDir: string | undefined

afterAll(async () => {
  child?.kill('SIGTERM')
  await new Promise((resolve) =>
    child?.exitCode === null ? child.once('exit', resolve) : resolve(0),
  )
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Starts the real server entry point and answers the origin its start-up line announces. */
const startServer = async (env: Record<string, string>) => {
  dataDir = await mkdtemp(join(tmpdir(), 'manabi-startup-'))
  const server = spawn(process.execPath, serverArguments(), {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', APP_ORIGIN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = server
  let output = ''
  return new Promise<{ origin: string; line: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No start-up line:\n${output}`)), 90_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Manabi on (http:\/\/[^ ]+) \(([^)]*)\)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ origin: match[1], line: match[0] })
      }
    }
    server.stdout?.on('data', read)
    server.stderr?.on('data', read)
    server.once('exit', (code) => reject(new Error(`The server ended (${code}):\n${output}`)))
  })
}

// The embedded database, as a newcomer starts it; the PostgreSQL run would only repeat it.
describe.skipIf(process.env.DATABASE_URL)('a server started on a port the newcomer picks', () => {
  it('announces the address that works, and signs in from a page on it', async () => {
    // PORT=0: any free port, as `PORT=3121 npm start` picks one the default does not know.
    const { origin, line } = await startServer({ PORT: '0', SEED_DEMO: 'true' })
    const port = Number(new URL(origin).port)
    expect(origin).toBe(`http://localhost:${port}`)
    expect(port).toBeGreaterThan(0)
    expect(line).toContain(`listening on `)
    expect(line).toContain(`:${port}`)

    const health = await fetch(`${origin}/api/`)
    expect(health.status).toBe(200)
    const student = DEMO_ACCOUNTS.find((account) => account.role === 'student')
    // The browser's sign-in, from the announced origin and from 127.0.0.1, is not refused.
    for (const pageOrigin of [origin, `http://127.0.0.1:${port}`]) {
      const login = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: pageOrigin },
        body: JSON.stringify({ email: student?.email, password: DEMO_PASSWORD }),
      })
      expect(login.status, await login.text()).toBe(200)
    }
  }, 120_000)
})
