import fp from 'fastify-plugin'
import type { Database, DatabaseHandle } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

/** Hands the opened database to the routes and closes it with the app. */
export const dbPlugin = fp<{ database: DatabaseHandle; closeWithApp: boolean }>(
  async (app, { database, closeWithApp }) => {
    app.decorate('db', database.db)
    if (closeWithApp) app.addHook('onClose', () => database.close())
  },
  { name: 'db' },
)
