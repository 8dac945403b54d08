/**
 * Types a client needs to call a descriptor: the endpoint it names, and the params, query, body
 * and successful answer of that endpoint. Type-only: nothing here exists at run time.
 */
import type { Descriptor, EndpointKey } from './descriptor.ts'
import type { Endpoint, StaticOf, SuccessBody } from './endpoint.ts'

/**
 * The endpoint a descriptor names: the one its type links (`DescriptorOf<E>`, which every
 * generated descriptor has), or the descriptor itself when it is an endpoint. A descriptor
 * without a link names none (`never`).
 */
export type EndpointOf<D extends Descriptor> = D extends Endpoint
  ? D
  : D extends { readonly [K in EndpointKey]?: infer E extends Endpoint }
    ? E
    : never

type SchemaOf<E, Key extends string> = E extends { readonly [K in Key]: infer S } ? S : undefined

export type ParamsOf<D extends Descriptor> = StaticOf<SchemaOf<EndpointOf<D>, 'params'>>
export type QueryOf<D extends Descriptor> = StaticOf<SchemaOf<EndpointOf<D>, 'querystring'>>
/** JSON bodies are typed by their schema; a multipart endpoint takes form data. */
export type BodyOf<D extends Descriptor> =
  EndpointOf<D> extends { multipart: object } ? FormData : StaticOf<SchemaOf<EndpointOf<D>, 'body'>>
export type ResultOf<D extends Descriptor> = SuccessBody<EndpointOf<D>>

type Empty = Record<never, never>

/** A field the endpoint lacks is absent; one whose every property is optional may be left out. */
type Field<Name extends string, T> = [T] extends [undefined]
  ? { readonly [K in Name]?: never }
  : Empty extends T
    ? { readonly [K in Name]?: T }
    : { readonly [K in Name]: T }

/** What a call of `D` takes: each of params, query and body the endpoint declares. */
export type CallOptions<D extends Descriptor> = Field<'params', ParamsOf<D>> &
  Field<'query', QueryOf<D>> &
  Field<'body', BodyOf<D>>

/** The options argument may be left out when the endpoint needs none. */
export type CallArgs<D extends Descriptor> =
  Empty extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>]
