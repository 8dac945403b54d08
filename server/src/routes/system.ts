import type { FastifyInstance } from 'fastify'
import { health } from '../../../contract/endpoints/system.ts'
import { route } from '../http/route.ts'

const VERSION = '1.0.0'

export const systemRoutes = async (app: FastifyInstance) => {
  route(app, health, async () => ({
    status: 200,
    body: { status: 'ok', name: 'Manabi API', version: VERSION },
  }))

  // The OpenAPI document of every route (not part of the product contract itself).
  app.get('/docs/json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  )
}
