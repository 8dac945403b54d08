import type { Executor } from '../db/client.ts'
import { catalogueVersionReader, nextCatalogueChange } from '../repositories/catalogue-version.ts'
import { keepNewest } from './keep-newest.ts'

/**
 * Catalogue answers (pages, categories, lessons) kept in this instance's memory. An entry is
 * served only while
 * - the catalogue's version in the database is the one read before the entry's data was: every
 *   write that changes the catalogue replaces it in its own transaction, on any instance, so a
 *   write committed before a request arrived is never hidden from it;
 * - no session has started and no seat hold lapsed since the data was read (the answer holds
 *   time-dependent facts: open sessions, seats left);
 * - and at most `maxAgeMs` has passed, a bound on memory rather than on correctness.
 *
 * The version costs one read of its 64 rows (one page; one row per bucket, migration 0015),
 * shared by the requests that arrive together, so under load the instance reads it far less often
 * than it answers.
 */
export interface CatalogueCache {
  /** The value under `key` for the catalogue as it is at `now`, read by `load` when not kept. */
  get: <T>(key: string, load: (now: Date) => Promise<T>) => Promise<T>
  /** How many answers were read from the database rather than memory (for tests). */
  readonly loads: number
}

interface Entry {
  version: string
  /** Epoch ms from which the value may be wrong with no write. */
  expiresAt: number
  value: Promise<unknown>
}

/** Resolves two turns of the event loop later, after two polls for requests. */
const twoTurnsLater = () =>
  new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))

/**
 * Reads through `read`, shared by every caller that asks before the read begins. A read begins two
 * turns of the event loop later, after the requests that arrived together, and those of the next
 * poll, have asked: each caller gets a read that began after it called, so a write it has seen
 * committed is never hidden from it. (Starting at once, an embedded database's read would finish
 * before the next request is even parsed, and nothing would ever be shared. After one turn, a
 * PostgreSQL read under load served about 10 requests; after two, about 14, with the same p99.)
 */
const sharedReads = <T>(read: () => Promise<T>) => {
  let scheduled: Promise<T> | undefined
  return (): Promise<T> => {
    scheduled ??= twoTurnsLater().then(() => {
      scheduled = undefined
      return read()
    })
    return scheduled
  }
}

export const createCatalogueCache = (
  db: Executor,
  options: {
    maxEntries?: number
    maxAgeMs?: number
    clock?: () => number
    /** Reads the catalogue's version (tests count the reads). */
    readVersion?: () => Promise<string | undefined>
  } = {},
): CatalogueCache => {
  const {
    maxEntries = 1000,
    maxAgeMs = 60_000,
    clock = () => Date.now(),
    readVersion = catalogueVersionReader(db),
  } = options
  const entries = new Map<string, Entry>()
  const currentVersion = sharedReads(readVersion)
  let loads = 0

  const get = async <T>(key: string, load: (now: Date) => Promise<T>): Promise<T> => {
    const version = await currentVersion()
    const at = clock()
    if (version === undefined) return load(new Date(at))
    const kept = entries.get(key)
    if (kept && kept.version === version && at < kept.expiresAt) return kept.value as Promise<T>
    loads += 1
    const now = new Date(at)
    const value = load(now)
    // Handled from the start: it may fail (a lesson not found) before anyone awaits it below.
    value.catch(() => undefined)
    const change = await nextCatalogueChange(db, now).catch(async (error: unknown) => {
      await value.catch(() => undefined)
      throw error
    })
    // Kept once its end is known; callers arriving while it loads then share the same read.
    const entry: Entry = {
      version,
      expiresAt: Math.min(at + maxAgeMs, change?.getTime() ?? Number.POSITIVE_INFINITY),
      value,
    }
    keepNewest(entries, key, entry, maxEntries)
    try {
      return await value
    } catch (error) {
      if (entries.get(key) === entry) entries.delete(key)
      throw error
    }
  }

  return {
    get,
    get loads() {
      return loads
    },
  }
}
