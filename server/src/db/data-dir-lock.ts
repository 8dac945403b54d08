import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Why a second server cannot open a data folder that another one holds. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Manabi server (process ${pid}). ` +
        'Stop that server first, or give this one its own DATA_DIR. Two servers on one embedded ' +
        'database would corrupt it; for several servers use PostgreSQL (DATABASE_URL). If no ' +
        `such process runs, remove ${join(dataDir, LOCK_FILE)}.`,
    )
    this.name = 'DataDirInUseError'
  }
}

const LOCK_FILE = 'server.lock'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const holderOf = (path: string) => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Folders this process holds: opening one twice in one process is refused too. */
const heldHere = new Set<string>()

/**
 * Claims `dataDir` for this process with a lock file naming its pid, created exclusively so two
 * servers starting at once cannot both win. A lock left by a process that no longer runs (a
 * crash, kill -9) is taken over, so a restart after a crash just works. Returns the release.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const path = join(dataDir, LOCK_FILE)
  if (heldHere.has(path)) throw new DataDirInUseError(dataDir, process.pid)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      heldHere.add(path)
      return () => {
        heldHere.delete(path)
        if (holderOf(path) === process.pid) rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = holderOf(path)
      // A pid equal to ours is a previous run's (a restarted container reuses pid 1).
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder)
      }
      // An empty lock may be one being written this instant: look again a moment later.
      if (holder === undefined && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
        continue
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
