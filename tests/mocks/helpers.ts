import type { ErrorBody } from '@contract/common'
import { db } from '@/mocks/db'

/** The API base the tests' environment points the mocks at (vite.config.ts `test.env`). */
export const API = 'http://localhost:3000/api'

export interface CallOptions {
  /** Signs this user in first; `null` signs out (guest). Left out: the session stays as it is. */
  as?: number | null
  query?: Record<string, string | number | boolean>
  json?: unknown
  /** A multipart body with one file field. */
  upload?: Upload
}

export interface Upload {
  field: string
  name: string
  type?: string
  bytes: Uint8Array
}

export interface CallResult<T> {
  status: number
  headers: Headers
  /** Parsed JSON when the answer is JSON, otherwise the text; `T` is what the test expects. */
  body: T
}

/** One request to the mocked API, the way the SPA's client sends it. */
export const call = async <T = unknown>(
  method: string,
  path: string,
  { as, query, json, upload }: CallOptions = {},
): Promise<CallResult<T>> => {
  if (as !== undefined) {
    if (as === null) db.signOut()
    else db.signIn(as)
  }
  const url = new URL(`${API}${path}`)
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value))
  const init: RequestInit = { method, headers: { Accept: 'application/json' } }
  if (json !== undefined) {
    init.body = JSON.stringify(json)
    init.headers = { ...init.headers, 'Content-Type': 'application/json' }
  }
  if (upload) {
    const { body, contentType } = multipart(upload)
    init.body = body
    init.headers = { ...init.headers, 'Content-Type': contentType }
  }
  const response = await fetch(url, init)
  const text = await response.text()
  const isJson = response.headers.get('content-type')?.includes('application/json')
  const body = (isJson ? JSON.parse(text) : text) as T
  return { status: response.status, headers: response.headers, body }
}

/**
 * A multipart body built by hand: under jsdom the global FormData and File are jsdom's, which
 * Node's fetch cannot serialise (the file arrives as the text "undefined").
 */
export const multipart = ({ field, name, type = 'application/octet-stream', bytes }: Upload) => {
  const boundary = '----manabi-test-boundary'
  const encoder = new TextEncoder()
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`)
  const body = new Uint8Array(head.length + bytes.length + tail.length)
  body.set(head, 0)
  body.set(bytes, head.length)
  body.set(tail, head.length + bytes.length)
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** A tiny but real PNG (1×1 pixel). */
export const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
)

export const imageUpload = (name = 'cover.png', bytes: Uint8Array = PNG_BYTES): Upload => ({
  field: 'image',
  name,
  type: 'image/png',
  bytes,
})

export const fileUpload = (
  name = 'notes.pdf',
  bytes: Uint8Array = new TextEncoder().encode('%PDF-1.4 notes'),
): Upload => ({
  field: 'file',
  name,
  type: 'application/pdf',
  bytes,
})

/** yyyy-MM-dd of a day `days` from now, in UTC. */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

/** The messages of an error body as a list. */
export const messagesOf = ({ message }: ErrorBody) => (Array.isArray(message) ? message : [message])

/** The fields a 400 names (each message starts with the field). */
export const fieldsOf = (body: ErrorBody) => messagesOf(body).map((line) => line.split(' ')[0])

/** The ids of a page of items. */
export const idsOf = (body: { data: { id: number }[] }) => body.data.map((item) => item.id)
