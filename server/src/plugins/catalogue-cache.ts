import fp from 'fastify-plugin'
import { type CatalogueCache, createCatalogueCache } from '../cache/catalogue-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache
  }
}

/** This instance's memory of catalogue answers, checked against the database's version. */
export const catalogueCachePlugin = fp(
  async (app) => {
    app.decorate('catalogueCache', createCatalogueCache(app.db))
  },
  { name: 'catalogue-cache', dependencies: ['db'] },
)
