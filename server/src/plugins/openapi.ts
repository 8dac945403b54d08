import swagger from '@fastify/swagger'
import fp from 'fastify-plugin'

/** Collects every route's schemas into an OpenAPI 3 document (served by the docs route). */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Manabi API',
          description:
            'The REST API of the Manabi live-lesson marketplace (contract/ in the repository).',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'manabi_session' },
          },
        },
      },
    })
  },
  { name: 'openapi' },
)
