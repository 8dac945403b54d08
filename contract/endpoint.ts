import type Type from 'typebox'
import { type ErrorBody, errors } from './common.ts'
import type { Descriptor } from './descriptor.ts'

export { buildPath, type Access, type Descriptor, type HttpMethod } from './descriptor.ts'

/** What an endpoint adds to its descriptor: the schemas that validate, serialise and document it. */
export interface EndpointSchemas {
  readonly summary: string
  /**
   * One line for the OpenAPI document: what the call does, and on which objects a caller its
   * access admits may make it (ownership). The roles it admits are added from `access`.
   */
  readonly description: string
  readonly params?: Type.TSchema
  readonly querystring?: Type.TSchema
  readonly body?: Type.TSchema
  /** `multipart` bodies carry one file field, named here. */
  readonly multipart?: { readonly field: string }
  /** Non-JSON answers: an image, a file of its own type, an iCalendar or a CSV document. */
  readonly produces?: 'image/*' | 'application/octet-stream' | 'text/calendar' | 'text/csv'
  /** A schema for every status the endpoint answers. */
  readonly response: Readonly<Record<number, Type.TSchema>>
}

/**
 * An endpoint: its method, path and access (the descriptor the SPA gets, generated into
 * `descriptors/`) and its schemas, declared together in one place.
 */
export interface Endpoint extends Descriptor, EndpointSchemas {}

type None = Record<never, never>

/** The statuses of `transportErrors`, as types. */
type TransportErrors<E extends Endpoint> = (E['method'] extends 'GET'
  ? None
  : Record<400 | 413 | 415, typeof ErrorBody>) &
  (E extends { params: Type.TSchema } ? Record<414, typeof ErrorBody> : None)

/**
 * The errors an endpoint may answer before its own rules run, whatever it is: a request body
 * (which any method but GET may carry, even where none is read) may be malformed (400), past the
 * body limit (413) or of a type the API does not read (415); a path parameter longer than the
 * router reads is 414. Declared here, they are in every endpoint's schemas and the OpenAPI
 * document, new endpoints included.
 */
const transportErrors = (endpoint: Endpoint) => ({
  ...(endpoint.method === 'GET' ? {} : errors(400, 413, 415)),
  ...(endpoint.params ? errors(414) : {}),
})

/**
 * Declares an endpoint, `defineEndpoint({ method, path, access, summary, ..., response })`,
 * completing its responses with the transport errors every endpoint may answer.
 */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E) =>
  ({
    ...endpoint,
    response: { ...transportErrors(endpoint), ...endpoint.response },
  }) as Omit<E, 'response'> & { readonly response: E['response'] & TransportErrors<E> }

type StatusOf<E extends Endpoint> = keyof E['response'] & number

/** A handler's answer: one of the endpoint's statuses with a body typed by that status's schema. */
export type Reply<E extends Endpoint> = {
  [S in StatusOf<E>]: { status: S; body: Type.Static<E['response'][S]> }
}[StatusOf<E>]

/** The body of a successful (2xx) answer. */
export type SuccessBody<E extends Endpoint> = {
  [S in StatusOf<E>]: `${S}` extends `2${string}` ? Type.Static<E['response'][S]> : never
}[StatusOf<E>]

/** The static type of an optional schema of an endpoint (params, query, body). */
export type StaticOf<S> = S extends Type.TSchema ? Type.Static<S> : undefined
