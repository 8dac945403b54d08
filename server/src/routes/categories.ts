import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/categories.ts'
import { route } from '../http/route.ts'
import { categoryList } from '../services/catalogue.ts'

export const categoriesRoutes = async (app: FastifyInstance) => {
  // Kept by the user's browser only, revalidated (ETag) before use.
  route(
    app,
    endpoints.listCategories,
    async ({ deps }) => ({ status: 200, body: await categoryList(deps) }),
    {
      revalidate: 'private',
    },
  )
}
