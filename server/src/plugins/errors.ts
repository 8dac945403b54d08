import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorBody } from '../../../contract/common.ts'
import { errorFields, type Message, MESSAGES, REASON_PHRASES } from '../../../contract/messages.ts'
import { validationMessages } from '../../../contract/validation.ts'
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  ProviderUnavailableError,
  TooManyAttemptsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../domain/errors.ts'
import { REQUEST_ID_HEADER } from '../http/request-id.ts'

/** How long a path parameter may be (Fastify's default `maxParamLength`): ids are far shorter. */
export const MAX_PARAM_LENGTH = 100

/** The one place a domain error becomes an HTTP status. */
const statusOf = (error: DomainError) => {
  if (error instanceof BadRequestError) return 400
  if (error instanceof UnauthorizedError) return 401
  if (error instanceof PaymentRequiredError) return 402
  if (error instanceof ForbiddenError) return 403
  if (error instanceof NotFoundError) return 404
  if (error instanceof ConflictError) return 409
  if (error instanceof PayloadTooLargeError) return 413
  if (error instanceof UnsupportedMediaTypeError) return 415
  if (error instanceof TooManyAttemptsError) return 429
  if (error instanceof ProviderUnavailableError) return 502
  return 500
}

// The contract names the statuses the API declares; Fastify may answer others (406, 503...).
const reasonPhrase = (statusCode: number) =>
  REASON_PHRASES[statusCode] ?? STATUS_CODES[statusCode] ?? 'Error'

const body = (
  requestId: string,
  statusCode: number,
  answer: Message | readonly Message[],
  details: Readonly<Record<string, unknown>> = {},
): ErrorBody => ({
  ...details,
  statusCode,
  error: reasonPhrase(statusCode),
  ...errorFields(answer),
  requestId,
})

/**
 * Sends the error body as JSON whatever the reply was about to be: a handler or hook that set
 * another type before failing (a file, the SPA's page) would otherwise have the object refused as
 * a payload, turning a 4xx into a 500.
 */
const sendError = (
  reply: FastifyReply,
  statusCode: number,
  answer: Message | readonly Message[],
  details?: Readonly<Record<string, unknown>>,
) =>
  reply
    .status(statusCode)
    // Set here too: the router's own refusals (frameworkErrors) come before any hook.
    .header(REQUEST_ID_HEADER, reply.request.id)
    .type('application/json; charset=utf-8')
    .send(body(reply.request.id, statusCode, answer, details))

/**
 * The errors Fastify's router answers before any plugin runs (Fastify's `frameworkErrors`): a
 * path whose escapes do not decode, a path parameter past the router's length. The same error
 * body as every other error, with a message that says what to fix.
 */
export const frameworkErrors = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, MESSAGES.http.paramTooLong({ count: MAX_PARAM_LENGTH }))
  } else {
    void sendError(reply, 400, MESSAGES.http.badUrl)
  }
}

/** Fastify's refusals of a JSON body that is empty or does not parse: one message the UI translates. */
const JSON_BODY_ERRORS: ReadonlySet<string> = new Set([
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
])

/**
 * One error body for the whole API (`{ statusCode, error, message }`): domain errors with their
 * status, validation errors as a list of messages, and no internals in a 5xx.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (!(error instanceof DomainError) && error.validation) {
        return sendError(reply, 400, validationMessages(error.validation))
      }
      const statusCode = error instanceof DomainError ? statusOf(error) : (error.statusCode ?? 500)
      if (error instanceof ProviderUnavailableError) {
        request.log.warn({ detail: error.detail }, 'Payment provider unavailable')
        return sendError(reply, statusCode, error.answer)
      }
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'Request failed')
        return sendError(reply, statusCode, MESSAGES.http.internalError)
      }
      // Like the rate limiter's 429, it says when to try again.
      if (error instanceof TooManyAttemptsError) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      const details =
        error instanceof ConflictError || error instanceof PayloadTooLargeError
          ? error.details
          : undefined
      const answer =
        error instanceof DomainError
          ? error.answer
          : JSON_BODY_ERRORS.has(error.code)
            ? MESSAGES.http.invalidJson
            : MESSAGES.http.refused({ reason: error.message })
      return sendError(reply, statusCode, answer, details)
    })

    app.setNotFoundHandler((request, reply) =>
      sendError(
        reply,
        404,
        MESSAGES.http.routeNotFound({ method: request.method, url: request.url }),
      ),
    )
  },
  { name: 'errors' },
)
