import { isAxiosError } from 'axios'
import { i18n } from '@/shared/i18n/i18n'

/**
 * One message of a failed call: the server's English text and, when the server sent them, the
 * message's code and parameters (contract/messages.ts), which the UI translates.
 */
export interface ApiProblem {
  readonly text: string
  readonly code?: string
  readonly params?: Readonly<Record<string, string | number>>
}

/**
 * Every failed call surfaces as an ApiError: the HTTP status (0 when no answer came back) and the
 * server's message normalised to a list (§8: "a message that is a single string or a list of strings").
 */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly messages: string[]
  /** The same messages with their codes and parameters, when the server sent them. */
  readonly problems: readonly ApiProblem[]
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
    this.problems = problemsOf(messages, body)
  }
}

type Params = Readonly<Record<string, string | number>>

/** The code and parameters a body (or one of its listed problems) carries, when it has a code. */
export const codeOf = (value: unknown) => {
  if (typeof value !== 'object' || value === null) return {}
  const { code, params } = value as Record<string, unknown>
  if (typeof code !== 'string') return {}
  // i18next reads only the names its sentence has; anything else in them is left unread.
  return typeof params === 'object' && params !== null
    ? { code, params: params as Params }
    : { code }
}

/**
 * Pairs each message with its code: a list's codes come in `problems`, in the list's order; a
 * single message's code and parameters beside it. A body without them (another backend) leaves
 * the texts alone.
 */
const problemsOf = (messages: string[], body: Readonly<Record<string, unknown>>): ApiProblem[] => {
  const listed = Array.isArray(body.problems) ? (body.problems as unknown[]) : null
  return messages.map((text, index) => ({
    text,
    ...codeOf(listed ? listed[index] : index === 0 ? body : undefined),
  }))
}

/** Parameters that name a thing or a state, put in the UI's words where it has them. */
const WORDED_PARAMS: Readonly<Record<string, string>> = {
  what: 'api.things',
  status: 'api.paymentStatuses',
  field: 'api.fields',
}

/**
 * A message in the UI's language: the translation of its code (`api.<code>`) with its
 * parameters, or the server's text when the code is unknown or absent (any backend works, §8).
 */
export const problemText = ({ text, code, params = {} }: ApiProblem): string => {
  const key = `api.${code}`
  // With the parameters, so a key that has only plural forms (`_one`, `_other`) is found.
  if (!code || !i18n.exists(key, params)) return text
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const words = `${WORDED_PARAMS[name]}.${value}`
      return [name, name in WORDED_PARAMS && i18n.exists(words) ? i18n.t(words) : value]
    }),
  )
  return i18n.t(key, values)
}

/** Every message of a failed call, in the UI's language. */
export const apiMessages = (error: unknown): string[] => toApiError(error).problems.map(problemText)

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
 * A failure on the server's side names its request, so the user can quote it to support and
 * support finds its log lines (the body's `requestId`).
 */
const withReference = (apiError: ApiError, text: string) => {
  const { requestId } = apiError.body
  return apiError.status >= 500 && typeof requestId === 'string' && requestId
    ? i18n.t('errors.withReference', { message: text, id: requestId })
    : text
}

/**
 * The spec's generic helper (§8): 400 shows the first message of the server's list, 401 the
 * server's message, any other status the fallback the caller supplies.
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  const apiError = toApiError(error)
  const [first] = apiError.problems
  if ((apiError.status === 400 || apiError.status === 401) && first) return problemText(first)
  return withReference(apiError, fallback)
}

/**
 * The server's own message, in the UI's language, when it sent one; otherwise the fallback
 * (screens that show the server's reason). No answer at all has only the browser's English
 * words for it ("Network Error"): the fallback then too.
 */
export const serverMessage = (error: unknown, fallback: string): string => {
  const apiError = toApiError(error)
  const [first] = apiError.problems
  return withReference(apiError, first && apiError.status !== 0 ? problemText(first) : fallback)
}
