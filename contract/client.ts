/**
 * Types a client needs to call a descriptor: the endpoint it names, and the params, query, body
 * and successful answer of that endpoint. Type-only: nothing here exists at run time.
 */
import type { Descriptor, Endpoint, StaticOf, SuccessBody } from './endpoint.ts'
import type * as admin from './endpoints/admin.ts'
import type * as auth from './endpoints/auth.ts'
import type * as categories from './endpoints/categories.ts'
import type * as guest from './endpoints/guest.ts'
import type * as lessons from './endpoints/lessons.ts'
import type * as payments from './endpoints/payments.ts'
import type * as resources from './endpoints/resources.ts'
import type * as reviews from './endpoints/reviews.ts'
import type * as sessions from './endpoints/sessions.ts'
import type * as system from './endpoints/system.ts'
import type * as user from './endpoints/user.ts'

type EndpointsIn<M> = { [K in keyof M]: M[K] extends Endpoint ? M[K] : never }[keyof M]

/** Every endpoint of the contract, as one union. */
export type AnyEndpoint =
  | EndpointsIn<typeof admin>
  | EndpointsIn<typeof auth>
  | EndpointsIn<typeof categories>
  | EndpointsIn<typeof guest>
  | EndpointsIn<typeof lessons>
  | EndpointsIn<typeof payments>
  | EndpointsIn<typeof resources>
  | EndpointsIn<typeof reviews>
  | EndpointsIn<typeof sessions>
  | EndpointsIn<typeof system>
  | EndpointsIn<typeof user>

/** Every endpoint by its route, `GET /lessons/:id`: looked up by key, not by matching a union. */
type EndpointsByRoute = { [E in AnyEndpoint as `${E['method']} ${E['path']}`]: E }

/** The endpoint a descriptor names (method and path identify it). */
export type EndpointOf<D extends Descriptor> = EndpointsByRoute[RouteOf<D>]
type RouteOf<D extends Descriptor> = `${D['method']} ${D['path']}` extends infer R extends
  keyof EndpointsByRoute
  ? R
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
