import swagger from '@fastify/swagger'
import fp from 'fastify-plugin'

/**
 * Collects every route's schemas into an OpenAPI 3 document (served by the docs route). Each
 * operation states its declared access (route.ts): `security` names the session cookie on every
 * non-public call, `x-access` holds `public`, `user` or the role list, and `x-approved-only` marks
 * the calls only approved accounts may make. The authorisation-matrix tests read them from here.
 */
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
      // A multipart body is read by the handler, not validated by a schema, so its one file field
      // is described here for the document only.
      transform: ({ schema, url, route }) => {
        const multipart = route.config?.multipart
        if (!multipart) return { schema, url }
        return {
          url,
          schema: {
            ...schema,
            body: {
              type: 'object',
              required: [multipart.field],
              properties: { [multipart.field]: { type: 'string', format: 'binary' } },
            },
          },
        }
      },
    })
  },
  { name: 'openapi' },
)
