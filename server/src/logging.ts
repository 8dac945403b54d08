import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import type { Config } from './config.ts'

/**
 * What may reach the logs of a failed query: the statement and PostgreSQL's codes, never the
 * values (e-mails, names, tokens) that Drizzle puts in its message as `params:` nor the
 * `detail` in which PostgreSQL repeats a conflicting value ("Key (email)=(…) already exists").
 */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/

const scrub = (text: unknown) =>
  typeof text === 'string' ? text.replace(PARAMS_LINE, '\nparams: [redacted]') : undefined

interface LoggedError {
  [field: string]: unknown
  type: string
  message: string
  stack: string
  code?: string
  constraint?: string
  table?: string
  column?: string
  statusCode?: number
  cause?: LoggedError
}

const DIAGNOSTIC_FIELDS = ['code', 'constraint', 'table', 'column', 'statusCode'] as const

export const serializeError = (error: unknown, depth = 0): LoggedError => {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' }
  const logged: LoggedError = {
    type: error.constructor.name,
    message: scrub(error.message) ?? '',
    stack: scrub(error.stack) ?? '',
  }
  const fields = error as unknown as Record<string, unknown>
  for (const field of DIAGNOSTIC_FIELDS) {
    const value = fields[field]
    if (typeof value === 'string' || typeof value === 'number') {
      Object.assign(logged, { [field]: value })
    }
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1)
  return logged
}

/** A request as logged: no query string (it may carry a searched e-mail), no headers. */
const serializeRequest = (request: { method: string; url: string; ip?: string }) => ({
  method: request.method,
  path: request.url.split('?')[0],
})

/** The logger of every app: personal data stays out of errors and requests. */
export const withSafeSerializers = (
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] =>
  typeof logger === 'object' && logger !== null
    ? {
        ...logger,
        serializers: { err: serializeError, req: serializeRequest, ...logger.serializers },
      }
    : logger

/**
 * Fastify's per-request lines, as LOG_REQUESTS asks: `all` Fastify's own (incoming and
 * completed, at info); `errors` one line for an answer that is 4xx or 5xx (warn for 5xx) or slower
 * than `slowMs` (warn), nothing for the others; `off` none. A response that fails while being
 * sent is logged at error level whatever the setting, as is a request that fails (errors plugin).
 */
export class RequestLogController extends LogController {
  constructor(
    private readonly mode: Config['LOG_REQUESTS'],
    private readonly slowMs: number,
  ) {
    super()
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (this.mode === 'all') super.incomingRequest(request, reply)
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.mode === 'all' || error) {
      super.requestCompleted(error, request, reply)
      return
    }
    if (this.mode === 'off') return
    const slow = reply.elapsedTime >= this.slowMs
    if (reply.statusCode < 400 && !slow) return
    const line = { res: reply, responseTime: reply.elapsedTime }
    if (reply.statusCode >= 500 || slow)
      reply.log.warn(line, slow ? 'slow request' : 'request completed')
    else reply.log.info(line, 'request completed')
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    // A browser that leaves mid-answer (a premature close) is routine, logged with `all` only.
    const routine = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE'
    if (this.mode === 'all' || !routine) super.streamError(error, request, reply)
  }
}
