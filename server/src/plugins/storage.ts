import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import {
  createDatabaseFileStorage,
  createFileStorage,
  type FileStorage,
  uploadsDir,
} from '../storage/files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

/** Uploaded bytes: in DATA_DIR/uploads by default, or in the database all instances share. */
export const storagePlugin = fp<Pick<Config, 'FILE_STORAGE' | 'DATA_DIR'>>(
  async (app, config) => {
    app.decorate(
      'storage',
      config.FILE_STORAGE === 'database'
        ? createDatabaseFileStorage(app.db)
        : await createFileStorage(uploadsDir(config.DATA_DIR)),
    )
  },
  { name: 'storage', dependencies: ['db'] },
)
