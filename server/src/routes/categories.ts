import type { FastifyInstance } from 'fastify'
import { listCategories as listCategoriesEndpoint } from '../../../contract/endpoints/categories.ts'
import { route } from '../lib/route.ts'
import { listCategories } from '../repositories/lessons.ts'

export const categoriesRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options
  route(app, listCategoriesEndpoint, async () => {
    const rows = await listCategories(app.db)
    return {
      status: 200,
      body: rows.map(({ id, title, titleJp }) => ({ id, title, titleJp })),
    }
  })
}
