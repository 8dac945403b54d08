import swagger from '@fastify/swagger'
import fp from 'fastify-plugin'
import type { Access } from '../../../contract/descriptor.ts'
import { RESOURCE_SUMMARIES } from '../../../contract/index.ts'
import { DEFAULT_SUPPORT_EMAIL } from '../../../contract/rules.ts'
import { SESSION_COOKIE } from './auth.ts'

/**
 * Who may make a call, from its declared access (route.ts), to end the operation's description:
 * the contract's own line says what the call does and on which objects.
 */
const callers = (access: Access, approvedOnly: boolean) => {
  if (access === 'public') return 'Anyone may call it, signed in or not.'
  if (access === 'user') return 'Any signed-in user may call it.'
  const roles = access.map((role) => `${role}s`).join(' and ')
  return approvedOnly
    ? `Only signed-in ${roles} whose account an admin has approved may call it.`
    : `Only signed-in ${roles} may call it.`
}

/**
 * Collects every route's schemas into an OpenAPI 3 document (served by the docs route). Each
 * operation is named as the contract declares it (route.ts): `operationId` the endpoint's export
 * name, its tag the resource module, its description the endpoint's own line followed by who may
 * call it. It states its declared access: `security` names the session cookie on every non-public
 * call, `x-access` holds `public`, `user` or the role list, and `x-approved-only` marks the calls
 * only approved accounts may make. The authorisation-matrix tests read them from here.
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
          // The product's support mailbox, as the SPA's Support link and the e-mails default to it
          // (VITE_SUPPORT_EMAIL, src/shared/config/env.ts).
          contact: { name: 'Manabi support', email: DEFAULT_SUPPORT_EMAIL },
        },
        // The document is served by the API it describes (at /api/docs/json): its paths, API
        // prefix included, are on the same origin, whatever name the client reaches it by.
        servers: [{ url: '/', description: 'The origin serving this document' }],
        tags: Object.entries(RESOURCE_SUMMARIES).map(([name, description]) => ({
          name,
          description,
        })),
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The session cookie set by a sign-in (HttpOnly)',
            },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const { access, approvedOnly, multipart } = route.config ?? {}
        // Fastify answers the root of the API prefix with and without the trailing slash; the
        // document names it without one, as it names every other path.
        const path = url.length > 1 ? url.replace(/\/$/, '') : url
        if (!access || schema.hide) return { schema, url: path }
        return {
          url: path,
          schema: {
            ...schema,
            description:
              `${schema.description ?? ''} ${callers(access, approvedOnly === true)}`.trim(),
            // A multipart body is read by the handler, not validated by a schema, so its one
            // file field is described here for the document only.
            ...(multipart
              ? {
                  body: {
                    type: 'object',
                    required: [multipart.field],
                    properties: { [multipart.field]: { type: 'string', format: 'binary' } },
                  },
                }
              : {}),
          },
        }
      },
    })
  },
  { name: 'openapi' },
)
