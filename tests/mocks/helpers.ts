import { HttpResponse, type JsonBodyType } from 'msw'
import type { BodyOf, EndpointOf, ParamsOf, QueryOf, ResultOf } from '@contract/client'
import type { ErrorBody } from '@contract/common'
import { buildPath, type Descriptor } from '@contract/descriptor'
import { db } from '@/mocks/db'
import * as lessons from '@contract/descriptors/lessons'
import { apiUrl } from '@/mocks/http'

type Empty = Record<never, never>

/** A field the endpoint lacks is absent; one whose every property is optional may be left out. */
type Field<Name extends string, T> = [T] extends [undefined]
  ? { readonly [K in Name]?: never }
  : Empty extends T
    ? { readonly [K in Name]?: T }
    : { readonly [K in Name]: T }

/** A JSON body for JSON endpoints; a multipart endpoint takes an upload instead. */
type BodyFields<D extends Descriptor> =
  EndpointOf<D> extends { multipart: object }
    ? { readonly json?: never; readonly upload: Upload }
    : Field<'json', BodyOf<D>> & { readonly upload?: never }

/** What a call of `D` takes, typed by its endpoint, and who makes it. */
export type CallOptions<D extends Descriptor> = Field<'params', ParamsOf<D>> &
  Field<'query', QueryOf<D>> &
  BodyFields<D> & {
    /** Signs this user in first; `null` signs out (guest). Left out: the session stays as it is. */
    readonly as?: number | null
  }

export type CallArgs<D extends Descriptor> =
  Empty extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>]

export interface Upload {
  field: string
  name: string
  type?: string
  bytes: Uint8Array
}

export interface Answer<T> {
  status: number
  headers: Headers
  /** Parsed JSON when the answer is JSON, otherwise the text. */
  body: T
}

type Loose = Readonly<{
  as?: number | null
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean>
  json?: unknown
  upload?: Upload
}>

const send = async (descriptor: Descriptor, options: Loose = {}): Promise<Answer<unknown>> => {
  const { as, params, query, json, upload } = options
  if (as !== undefined) {
    if (as === null) db.signOut()
    else db.signIn(as)
  }
  const url = new URL(apiUrl(buildPath(descriptor.path, params)))
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value))
  const init: RequestInit = { method: descriptor.method, headers: { Accept: 'application/json' } }
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
  const body: unknown = isJson ? JSON.parse(text) : text
  return { status: response.status, headers: response.headers, body }
}

/**
 * One request to the mocked API, the way the SPA's client sends it: the method and path come from
 * the descriptor, the params, query and body are typed by its endpoint, and the body of the answer
 * is typed as the endpoint's successful answer. A test that reads an error answer's fields uses
 * `refused` instead; one that only checks the status or matches the body may use either.
 */
export const call = async <D extends Descriptor>(
  descriptor: D,
  ...[options]: CallArgs<D>
): Promise<Answer<ResultOf<D>>> => (await send(descriptor, options)) as Answer<ResultOf<D>>

/**
 * A call the mocks must refuse: its body is the contract's error body. A successful answer fails
 * the test here, so the type never lies about what the test reads.
 */
export const refused = async <D extends Descriptor>(
  descriptor: D,
  ...[options]: CallArgs<D>
): Promise<Answer<ErrorBody>> => {
  const answer = await send(descriptor, options)
  if (answer.status < 400) {
    throw new Error(
      `Expected ${descriptor.method} ${descriptor.path} to be refused, got ${answer.status}`,
    )
  }
  return answer as Answer<ErrorBody>
}

/**
 * A test override's successful answer, its body typed as the endpoint's:
 * `mockEndpoint(auth.confirm, () => answer(auth.confirm, { message: 'Email confirmed' }))`.
 */
export const answer = <D extends Descriptor>(
  _descriptor: D,
  body: ResultOf<D>,
  init?: ResponseInit,
) => HttpResponse.json(body as JsonBodyType, init)

/**
 * A multipart body built by hand: under jsdom the global FormData and File are jsdom's, which
 * Node's fetch cannot serialise (the file arrives as the text "undefined").
 */
const multipart = ({ field, name, type = 'application/octet-stream', bytes }: Upload) => {
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

/** The id of a seeded lesson's cover, owned by the lesson's educator (the seed is the same after every reset). */
export const seedCoverOf = (lessonId: number) => {
  const imageId = db.lessons.find((lesson) => lesson.id === lessonId)?.imageId
  if (imageId == null) throw new Error(`Seeded lesson ${lessonId} has no cover`)
  return imageId
}

/** A cover the signed-in educator uploads now, for a lesson it creates. */
export const uploadedCover = async (as: number) => {
  const uploaded = await call(lessons.uploadLessonImage, { as, upload: imageUpload() })
  if (uploaded.status !== 201) throw new Error(`Cover upload answered ${uploaded.status}`)
  return uploaded.body.id
}
