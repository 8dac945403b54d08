import type { Refusal } from '@contract/seats'
import {
  http,
  HttpResponse,
  type HttpHandler,
  type HttpResponseResolver,
  type RequestHandlerOptions,
} from 'msw'
import type Type from 'typebox'
import Value from 'typebox/value'
import type { ErrorBody, Paginated } from '@contract/common'
import type { Descriptor, Endpoint, HttpMethod, Reply, StaticOf } from '@contract/endpoint'
import { exceedsUploadLimit, fileNameProblem, uploadedFileName } from '@contract/files'
import { errorFields, type Message, MESSAGES, messageList, reasonPhrase } from '@contract/messages'
import { pageRequest, toPage } from '@contract/paging'
import {
  canonicalTimeZone,
  DEFAULT_UPLOAD_QUOTA_MB,
  exceedsUploadQuota,
  quotaText,
} from '@contract/rules'
import { unstorableIssues, validationMessages } from '@contract/validation'
import { env } from '@/shared/config/env'
import { db, type DbUser } from './db'
import { judgeEarningsRules } from './earnings'
import { makeDueDecisions, passFreedSeats } from './seats'

/** Shared plumbing of the mock handlers: URLs, errors, access, validation, paging, uploads. */

const origin = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin)

/**
 * The absolute URL of an API path (`env.API_URL` may be absolute or a path on this origin). No
 * trailing slash, so `GET /` matches the base with or without one.
 */
export const apiUrl = (path: string) =>
  new URL(`${env.API_URL.replace(/\/$/, '')}${path}`.replace(/(.)\/$/, '$1'), origin()).href

/** The absolute URL of a path on the app's own origin (translations). */
export const appUrl = (path: string) => new URL(path, origin()).href

/**
 * Thrown by handlers; `route` turns it into the contract's error body. `details` are fields the
 * body carries beside its message, as the endpoint's schema for that status declares them (a
 * session's overlap).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly answer: Message | readonly Message[],
    readonly headers: Record<string, string> = {},
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(
      messageList(answer)
        .map((line) => line.text)
        .join('; '),
    )
  }
}

/** Throws an error answer. 400s carry a list (the client shows its first message, §8). */
export const fail = (
  status: number,
  answer: Message | readonly Message[],
  headers: Record<string, string> = {},
): never => {
  throw new HttpError(status, status === 400 ? messageList(answer) : answer, headers)
}

/** Answers a refusal the shared core decided (contract/seats.ts Refusal). */
export const refuse = (refusal: Refusal): never => fail(refusal.status, refusal.message)

/** A zone a user named, as the server stores it; an unknown one is refused as there. */
export const knownTimeZone = (timeZone: string): string =>
  canonicalTimeZone(timeZone) ?? fail(400, MESSAGES.sessions.unknownTimeZone)

/**
 * An error answer. A test may give bare text instead of a message: an answer without a code, as
 * a backend that sends none answers.
 */
export const errorResponse = (
  status: number,
  answer: Message | readonly Message[] | string | readonly string[],
  headers: Record<string, string> = {},
  details: Readonly<Record<string, unknown>> = {},
) => {
  // As the server's: the id an error answer gives its user to quote.
  const requestId = crypto.randomUUID()
  return HttpResponse.json<ErrorBody>(
    {
      ...details,
      statusCode: status,
      error: reasonPhrase(status),
      ...(isText(answer)
        ? { message: typeof answer === 'string' ? answer : [...answer] }
        : errorFields(answer)),
      requestId,
    },
    { status, headers: { ...headers, 'x-request-id': requestId } },
  )
}

const isText = (
  answer: Message | readonly Message[] | string | readonly string[],
): answer is string | readonly string[] =>
  typeof answer === 'string' || (Array.isArray(answer) && typeof answer[0] === 'string')

/**
 * Every failed rule of a schema as a readable line, worded as the server words them, then what
 * no schema states and the server refuses too: text no column stores, numbers that are not finite.
 */
export const validationErrors = (schema: Type.TSchema, value: unknown): Message[] => {
  const issues = [
    ...(Value.Check(schema, value) ? [] : Value.Errors(schema, value)),
    ...unstorableIssues(value),
  ]
  return issues.length === 0 ? [] : validationMessages(issues)
}

/** Query strings and path params arrive as text: turn integers and booleans into values. */
const fromStrings = (
  schema: { properties?: Record<string, { type?: unknown }> } | undefined,
  raw: Record<string, string>,
) => {
  const properties = schema?.properties ?? {}
  const out: Record<string, unknown> = {}
  for (const [key, text] of Object.entries(raw)) {
    const type = properties[key]?.type
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) {
      out[key] = Number(text)
    } else if (type === 'boolean' && (text === 'true' || text === 'false')) {
      out[key] = text === 'true'
    } else {
      out[key] = text
    }
  }
  return out
}

const check = (schema: Type.TSchema | undefined, value: unknown) => {
  if (!schema) return value
  const messages = validationErrors(schema, value)
  if (messages.length > 0) fail(400, messages)
  return value
}

const readJson = async (request: Request): Promise<unknown> => {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    return fail(400, MESSAGES.http.invalidJson)
  }
}

/**
 * §6: 401 for guests on non-public calls, 403 for a role the endpoint does not admit, and for an
 * educator awaiting approval on the calls only approved accounts may make.
 */
const authorize = (endpoint: Endpoint): DbUser | null => {
  const user = db.currentUser()
  if (endpoint.access === 'public') return user
  if (!user) return fail(401, MESSAGES.http.unauthorized)
  if (endpoint.access !== 'user' && !endpoint.access.includes(user.role))
    fail(403, MESSAGES.http.forbidden)
  if (endpoint.approvedOnly && !user.isValidated) fail(403, MESSAGES.accounts.notApproved)
  return user
}

export interface Context<E extends Endpoint> {
  request: Request
  user: E['access'] extends 'public' ? DbUser | null : DbUser
  params: StaticOf<E['params']>
  query: StaticOf<E['querystring']>
  body: StaticOf<E['body']>
}

type Resolver<E extends Endpoint> = (
  context: Context<E>,
) => Reply<E> | Response | Promise<Reply<E> | Response>

const METHODS: Record<HttpMethod, typeof http.get> = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
}

/**
 * A test's own answer for one endpoint, e.g. an error path:
 * `server.use(mockEndpoint(getLesson, () => errorResponse(500, 'Boom')))`.
 */
export const mockEndpoint = (
  descriptor: Descriptor,
  resolver: HttpResponseResolver,
  options?: RequestHandlerOptions,
): HttpHandler => METHODS[descriptor.method](apiUrl(descriptor.path), resolver, options)

/**
 * The one way to declare a mock handler: the URL, access check and validation of params, query
 * and JSON body all come from the contract endpoint; the resolver only holds the behaviour.
 */
export const route = <const E extends Endpoint>(
  endpoint: E,
  resolve: NoInfer<Resolver<E>>,
): HttpHandler =>
  mockEndpoint(endpoint, async ({ request, params }) => {
    try {
      // The work the server's job engine would have done by now.
      makeDueDecisions()
      passFreedSeats()
      judgeEarningsRules()
      const user = authorize(endpoint)
      const rawParams = Object.fromEntries(
        Object.entries(params).map(([key, value]) => [key, String(value)]),
      )
      const rawQuery = Object.fromEntries(new URL(request.url).searchParams)
      const context = {
        request,
        user,
        params: check(endpoint.params, fromStrings(endpoint.params, rawParams)),
        query: check(endpoint.querystring, fromStrings(endpoint.querystring, rawQuery)),
        body: endpoint.body ? check(endpoint.body, await readJson(request)) : undefined,
      } as Context<E>
      const result = await resolve(context)
      if (result instanceof Response) return result
      return HttpResponse.json(result.body, { status: result.status })
    } catch (error) {
      if (error instanceof HttpError) {
        return errorResponse(error.status, error.answer, error.headers, error.details)
      }
      throw error
    }
  })

/** Finds a row or answers 404 with `what not found`. */
export const found = <T>(row: T | undefined, what: string): T =>
  row ?? fail(404, MESSAGES.http.notFound({ what }))

export const paginate = <T>(
  items: readonly T[],
  query: { page?: number | undefined; take?: number | undefined } | undefined,
  defaultTake: number,
): Paginated<T> => {
  const page = pageRequest(query, defaultTake)
  return toPage(items.slice(page.offset, page.offset + page.take), page, items.length)
}

/** A page with each of its items as the endpoint answers it. */
export const pageOf = <T, U>(page: Paginated<T>, answer: (item: T) => U): Paginated<U> => ({
  ...page,
  data: page.data.map((item) => answer(item)),
})

/**
 * The file of a multipart upload, after the checks every upload shares (§5): present, a name the
 * server accepts too, not empty, at most 10 MB. The caller checks the type.
 */
export const readUpload = async (request: Request, field: string) => {
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false
  if (!multipart) return fail(400, MESSAGES.uploads.noFile)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return fail(400, MESSAGES.uploads.malformed)
  }
  const file = form.get(field)
  if (file === null || typeof file === 'string') return fail(400, MESSAGES.uploads.noFile)
  const filename = uploadedFileName(file.name)
  const nameProblem = fileNameProblem(filename)
  if (nameProblem !== null) fail(400, nameProblem)
  const fields = [...form.entries()].filter((entry) => typeof entry[1] === 'string')
  const unstorable = unstorableIssues(Object.fromEntries(fields))
  if (unstorable.length > 0) fail(400, validationMessages(unstorable))
  if (exceedsUploadLimit(file.size)) fail(413, MESSAGES.uploads.tooLarge)
  if (file.size === 0) fail(400, MESSAGES.uploads.empty)
  return { file, filename, bytes: new Uint8Array(await file.arrayBuffer()) }
}

/**
 * Refuses an upload that would take the uploader's files (attached or not) past the storage
 * quota, as the server does: 413, the quota beside the message. The mock has no configuration:
 * its quota is the server's default.
 */
export const checkUploadQuota = (ownerId: number, size: number) => {
  const used = db.files
    .filter((file) => file.ownerId === ownerId)
    .reduce((sum, file) => sum + file.bytes.length, 0)
  if (exceedsUploadQuota(used, size, DEFAULT_UPLOAD_QUOTA_MB)) {
    throw new HttpError(
      413,
      MESSAGES.uploads.quotaExceeded({ quota: quotaText(DEFAULT_UPLOAD_QUOTA_MB) }),
      {},
      { storageQuotaMb: DEFAULT_UPLOAD_QUOTA_MB },
    )
  }
}
