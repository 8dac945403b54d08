import fp from 'fastify-plugin'
import { createFileStorage, type FileStorage } from '../storage/files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

export const storagePlugin = fp<{ dir: string }>(
  async (app, { dir }) => {
    app.decorate('storage', await createFileStorage(dir))
  },
  { name: 'storage' },
)
