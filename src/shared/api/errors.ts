import { isAxiosError } from 'axios'

/**
 * Every failed call surfaces as an ApiError: the HTTP status (0 when no answer came back) and the
 * server's message normalised to a list (§8: "a message that is a single string or a list of strings").
 */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly messages: string[]
  /** The `error` field of the server's body, e.g. "Conflict". */
  readonly error: string | undefined
  /**
   * The whole error body as it came (empty when none did): some refusals carry fields beside
   * the message, which the feature that made the call reads (a session's overlap).
   */
  readonly body: Readonly<Record<string, unknown>>

  constructor(
    status: number,
    statusText: string,
    messages: string[],
    error?: string,
    body: Readonly<Record<string, unknown>> = {},
  ) {
    super(messages[0] ?? (statusText || 'Network error'))
    this.name = 'ApiError'
    this.status = status
    this.statusText = statusText
    this.messages = messages
    this.error = error
    this.body = body
  }
}

const toMessages = (message: unknown): string[] => {
  if (typeof message === 'string') return message ? [message] : []
  if (Array.isArray(message))
    return message.filter((item): item is string => typeof item === 'string')
  return []
}

export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error
  if (isAxiosError(error)) {
    const response = error.response
    if (!response) return new ApiError(0, '', [error.message])
    const data: unknown = response.data
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
    const messages = toMessages(body.message)
    const errorName = typeof body.error === 'string' ? body.error : undefined
    return new ApiError(
      response.status,
      response.statusText || errorName || '',
      messages,
      errorName,
      body,
    )
  }
  return new ApiError(0, '', [error instanceof Error ? error.message : String(error)])
}

/**
 * The spec's generic helper (§8): 400 shows the first message of the server's list, 401 the
 * server's message, any other status the fallback the caller supplies.
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  const apiError = toApiError(error)
  if ((apiError.status === 400 || apiError.status === 401) && apiError.messages[0]) {
    return apiError.messages[0]
  }
  return fallback
}

/** The server's own message when it sent one, otherwise the fallback (screens that show it as-is). */
export const serverMessage = (error: unknown, fallback: string): string =>
  toApiError(error).messages[0] ?? fallback
