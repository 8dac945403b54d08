import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorBody } from '../../../contract/common.ts'
import { HttpError, reasonPhrase } from '../lib/errors.ts'

type ValidationItem = NonNullable<FastifyError['validation']>[number]

/** "email has an invalid format", "title is required": one readable line per failed rule. */
const describeValidation = (item: ValidationItem) => {
  const field = item.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const params: Record<string, unknown> = item.params
  if (item.keyword === 'required' && typeof params.missingProperty === 'string') {
    return `${field ? `${field}.` : ''}${params.missingProperty} is required`
  }
  if (item.keyword === 'pattern') return `${field} has an invalid format`
  if (item.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${params.additionalProperty} is not allowed`
  }
  return `${field || 'request'} ${item.message ?? 'is invalid'}`
}

const body = (statusCode: number, message: string | string[]): ErrorBody => ({
  statusCode,
  error: reasonPhrase(statusCode),
  message,
})

/**
 * One error body for the whole API (`{ statusCode, error, message }`), validation errors as a
 * list of messages, and no internals in a 5xx.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send(body(error.statusCode, error.messages))
      }
      if (error.validation) {
        return reply
          .status(400)
          .send(body(400, [...new Set(error.validation.map(describeValidation))]))
      }
      const statusCode = error.statusCode ?? 500
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'Request failed')
        return reply.status(statusCode).send(body(statusCode, 'Internal Server Error'))
      }
      return reply.status(statusCode).send(body(statusCode, error.message))
    })

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(body(404, `Route ${request.method} ${request.url} not found`)),
    )
  },
  { name: 'errors' },
)
