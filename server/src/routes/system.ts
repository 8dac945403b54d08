import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/system.ts'
import { MESSAGES, messageFields, reasonPhrase } from '../../../contract/messages.ts'
import { route } from '../http/route.ts'

const VERSION = '1.0.0'

/**
 * The health check a load balancer polls: 200 only when the database answers, so an instance
 * that lost it is taken out of rotation. And the OpenAPI document, where configured.
 */
export const systemRoutes = async (
  app: FastifyInstance,
  { openapiDocs }: { openapiDocs: boolean },
) => {
  route(app, endpoints.health, async ({ request }) => {
    try {
      await app.db.execute(sql`select 1`)
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer')
      return {
        status: 503,
        body: {
          statusCode: 503,
          error: reasonPhrase(503),
          ...messageFields(MESSAGES.http.databaseDown),
          requestId: request.id,
        },
      }
    }
    return { status: 200, body: { status: 'ok', name: 'Manabi API', version: VERSION } }
  })

  // The OpenAPI document of every route (not part of the product contract itself).
  if (openapiDocs) {
    app.get('/docs/json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
      app.swagger(),
    )
  }
}
