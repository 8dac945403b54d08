import multipart from '@fastify/multipart'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions as FastifyRouteOptions,
} from 'fastify'
import type { Endpoint, Reply, StaticOf } from '../../../contract/endpoint.ts'
import { declarations } from '../../../contract/index.ts'
import { UPLOAD_LIMIT_BYTES } from '../../../contract/rules.ts'
import type { ServiceDeps } from '../services/deps.ts'
import type { AuthUser } from './auth-user.ts'
import { COMPRESS_FROM_BYTES } from './build-output.ts'
import { acceptedEncoding } from './encodings.ts'
import { type Revalidate, representations, revalidated } from './revalidate.ts'

export interface RouteContext<E extends Endpoint> {
  request: FastifyRequest
  reply: FastifyReply
  /** What the services work with (`app.serviceDeps`), logging with this request's log. */
  deps: ServiceDeps
  /** Set for every call the endpoint's access lets through; null only on public calls. */
  user: E['access'] extends 'public' ? AuthUser | null : AuthUser
  params: StaticOf<E['params']>
  query: StaticOf<E['querystring']>
  body: StaticOf<E['body']>
}

/** A handler answers `{ status, body }` typed by the contract, or sends bytes itself and returns the reply. */
export type RouteHandler<E extends Endpoint> = (
  context: RouteContext<E>,
) => Promise<Reply<E> | FastifyReply>

export interface RouteOptions {
  /** Counts the calls of one client against the rate limit (login, register, reset). */
  rateLimited?: boolean
  /** A GET that changes state (logout): refused when another site's page sends it. */
  changesState?: boolean
  /** A read browsers keep and revalidate: ETag, `no-cache`, 304 when unchanged (http/revalidate.ts). */
  revalidate?: Revalidate
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Endpoint['access']
    approvedOnly?: true
    /** The file field of a multipart body, for the OpenAPI document (plugins/openapi.ts). */
    multipart?: { field: string }
  }
  interface FastifySchema {
    /** The declared access, in the OpenAPI document, where the authorisation matrix reads it. */
    'x-access'?: Endpoint['access']
    'x-approved-only'?: true
  }
}

const isReply = <E extends Endpoint>(
  result: Reply<E> | FastifyReply,
  reply: FastifyReply,
): result is FastifyReply => (result as unknown) === reply

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** Fastify's own type for JSON it serialises: a payload serialised beforehand is sent as it is. */
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Registers a contract endpoint: its path, the schemas of params, query, body and every response
 * status (validation, serialisation and the OpenAPI document), and its declared access, which
 * the auth plugin checks before anything else runs and the OpenAPI document states (`security`,
 * `x-access`, `x-approved-only`). The document names the operation as the contract declares it:
 * `operationId` its export name, its tag the resource module it is declared in.
 */
export const route = <const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<RouteHandler<E>>,
  options: RouteOptions = {},
) => {
  const declared = declarations.get(endpoint)
  if (!declared) throw new Error(`${endpoint.method} ${endpoint.path} is not a contract endpoint`)
  const revalidation = options.revalidate
    ? { scope: options.revalidate, represent: representations() }
    : undefined
  const definition: FastifyRouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: declared.name,
      tags: [declared.resource],
      summary: endpoint.summary,
      description: endpoint.description,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.produces ? { produces: [endpoint.produces] } : {}),
      response: endpoint.response,
      // The session cookie is required everywhere but on public calls.
      ...(endpoint.access === 'public' ? {} : { security: [{ session: [] }] }),
      'x-access': endpoint.access,
      ...(endpoint.approvedOnly ? { 'x-approved-only': true } : {}),
    },
    config: {
      access: endpoint.access,
      ...(endpoint.approvedOnly ? { approvedOnly: true } : {}),
      ...(endpoint.multipart ? { multipart: endpoint.multipart } : {}),
      ...(options.rateLimited ? { rateLimit: app.rateLimitOptions } : {}),
      ...(options.changesState ? { changesState: true } : {}),
    },
    // A file goes out as it is (plugins/compression.ts): its length, type and bytes untouched. A
    // revalidated read compresses its cached bodies itself, below, and its errors are small.
    ...(endpoint.produces || options.revalidate ? { compress: false as const } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await handler({
        request,
        reply,
        deps: { ...app.serviceDeps, log: request.log },
        user: request.user as RouteContext<E>['user'],
        params: request.params as StaticOf<E['params']>,
        query: request.query as StaticOf<E['querystring']>,
        body: request.body as StaticOf<E['body']>,
      })
      // A handler that answered itself returns the reply; being thenable, awaiting it can give
      // undefined, so a sent reply counts as answered too.
      if (reply.sent || isReply(result, reply)) return reply
      reply.status(result.status)
      if (revalidation && result.status === 200 && isObject(result.body)) {
        // The route's JSON serialiser (fast-json-stringify) answers a string.
        const serialize = (body: object) => reply.serialize(body) as string
        const { payload, etag, encoded } = revalidation.represent(result.body, serialize)
        if (revalidated(request, reply, revalidation.scope, etag)) return reply.status(304).send()
        reply.type(JSON_TYPE)
        const encoding =
          payload.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request) : 'identity'
        if (encoding === 'identity') return reply.send(payload)
        return reply.header('Content-Encoding', encoding).send(encoded(encoding))
      }
      return reply.send(result.body)
    },
  }
  if (!endpoint.multipart) {
    app.route(definition)
    return
  }
  // An upload route gets the multipart parser in a scope of its own: its hooks (one listener and
  // two async hooks per request) would otherwise run on every call of the API.
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1 } })
    uploads.route(definition)
  })
}
