import { STATUS_CODES } from 'node:http'

/**
 * An error with an HTTP status, thrown by routes and turned into the API's one error body by the
 * central handler. 400s carry a list (the SPA shows its first message, §8).
 */
export class HttpError extends Error {
  readonly statusCode: number
  readonly messages: string | string[]

  constructor(statusCode: number, messages: string | string[]) {
    super(Array.isArray(messages) ? messages.join('; ') : messages)
    this.statusCode = statusCode
    this.messages = statusCode === 400 && !Array.isArray(messages) ? [messages] : messages
  }
}

export const httpError = (statusCode: number, message: string | string[]) =>
  new HttpError(statusCode, message)

export const reasonPhrase = (statusCode: number) => STATUS_CODES[statusCode] ?? 'Error'

/** Finds a row or fails with 404 `{what} not found`. */
export const found = <T>(row: T | undefined | null, what: string): T => {
  if (row === undefined || row === null) throw httpError(404, `${what} not found`)
  return row
}

/** PostgreSQL error codes the routes translate into answers. */
export const PG = { uniqueViolation: '23505', exclusionViolation: '23P01', foreignKey: '23503' }

/** The PostgreSQL error code behind a driver error (node-postgres and PGlite nest it differently). */
export const pgErrorCode = (error: unknown): string | undefined => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}
