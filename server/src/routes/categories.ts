import type { FastifyInstance } from 'fastify'
import { listCategories } from '../../../contract/endpoints/categories.ts'
import { route } from '../http/route.ts'
import { categoryList } from '../services/catalogue.ts'

export const categoriesRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options
  const catalogue = { db: app.db, cache: app.catalogueCache }
  // Kept by the user's browser only, revalidated (ETag) before use.
  route(app, listCategories, async () => ({ status: 200, body: await categoryList(catalogue) }), {
    revalidate: 'private',
  })
}
