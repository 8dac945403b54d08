import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirInUseError } from '../src/db/data-dir-lock.ts'
import { openDatabase } from '../src/db/client.ts'
import { users } from '../src/db/schema.ts'
import { emptyDatabaseImage } from './helpers.ts'
import { serverArguments } from './built-server.ts'

/** Runs the real server entry point and answers how it ended and what it printed. */
const runServer = (env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverArguments(), {
      env: { ...process.env, PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })

/** Opens the embedded database in a new data folder, from the migrated empty image. */
const openNew = async (dataDir: string) =>
  openDatabase({ dataDir, image: await emptyDatabaseImage() })

const folders: string[] = []
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'manabi-lock-'))
  folders.push(dir)
  return dir
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })))
})

// The embedded database's folder only: PostgreSQL servers share one database by design, and the
// PostgreSQL run of this suite would only repeat these.
describe.skipIf(process.env.DATABASE_URL)('one server per data folder', () => {
  it('refuses a second server on a folder in use, with a message naming the folder', async () => {
    const dataDir = await newDataDir()
    const first = await openNew(dataDir)
    try {
      const second = await runServer({ DATA_DIR: dataDir })
      expect(second.code).toBe(1)
      expect(second.output).toContain(
        `The data folder ${dataDir} is in use by another Manabi server`,
      )
      expect(second.output).toContain(`process ${process.pid}`)
      // The first server's database is untouched and still works.
      await first.db.insert(users).values({
        name: 'Still here',
        email: 'still@example.com',
        passwordHash: 'x',
        role: 'student',
      })
      expect(await first.db.$count(users)).toBe(1)
    } finally {
      await first.close()
    }
  }, 60_000)

  it('refuses the same folder twice in one process, and frees it on close', async () => {
    const dataDir = await newDataDir()
    const first = await openNew(dataDir)
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError)
    await first.close()
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)

    // A server killed with -9 leaves its lock behind; the restart takes it over. The highest pid
    // Linux hands out is 2^22, so this one runs nowhere.
    await writeFile(join(dataDir, 'server.lock'), String(2 ** 22 + 1))
    const restarted = await openDatabase({ dataDir })
    expect(await readFile(join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    await restarted.close()
  }, 60_000)

  it('lets two servers race for a fresh folder and exactly one wins', async () => {
    const dataDir = await newDataDir()
    const results = await Promise.allSettled([openNew(dataDir), openNew(dataDir)])
    const opened = results.filter((result) => result.status === 'fulfilled')
    expect(opened).toHaveLength(1)
    expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(
      DataDirInUseError,
    )
    await opened[0]?.value.close()
  }, 60_000)
})
