import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { createDatabaseFileStorage } from '../repositories/stored-files.ts'
import {
  createFileStorage,
  type FileStorage,
  type UploadRules,
  uploadsDir,
} from '../storage/files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
    uploadRules: UploadRules
  }
}

const HOUR_MS = 60 * 60 * 1000

/** Uploaded bytes: in DATA_DIR/uploads by default, or in the database all instances share. */
export const storagePlugin = fp<
  Pick<Config, 'FILE_STORAGE' | 'DATA_DIR' | 'UPLOAD_QUOTA_MB' | 'UNATTACHED_UPLOAD_HOURS'>
>(
  async (app, config) => {
    app.decorate(
      'storage',
      config.FILE_STORAGE === 'database'
        ? createDatabaseFileStorage(app.db)
        : await createFileStorage(uploadsDir(config.DATA_DIR)),
    )
    app.decorate('uploadRules', {
      quotaMb: config.UPLOAD_QUOTA_MB,
      unattachedKeptMs: config.UNATTACHED_UPLOAD_HOURS * HOUR_MS,
    })
  },
  { name: 'storage', dependencies: ['db'] },
)
