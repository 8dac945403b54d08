import { eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { storedFiles } from '../db/schema.ts'
import type { FileStorage } from '../storage/files.ts'

/**
 * Uploaded bytes in the database (FILE_STORAGE=database): every instance of the API behind a
 * load balancer reads what any of them stored, and backups hold the files with their rows.
 */
export const createDatabaseFileStorage = (db: Database): FileStorage => ({
  put: async (key, bytes) => {
    await db
      .insert(storedFiles)
      .values({ key, bytes })
      .onConflictDoUpdate({ target: storedFiles.key, set: { bytes } })
  },
  get: async (key) => {
    const [row] = await db
      .select({ bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(eq(storedFiles.key, key))
    return row?.bytes ?? null
  },
  remove: async (key) => {
    await db.delete(storedFiles).where(eq(storedFiles.key, key))
  },
  keysStoredBefore: async (cutoff) => {
    const rows = await db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(lt(storedFiles.createdAt, cutoff))
    return rows.map((row) => row.key)
  },
})
