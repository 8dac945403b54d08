import type Type from 'typebox'
import type { Role } from './entities.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call an endpoint, declared with it so the server checks it in one hook:
 * `public` anyone; `user` any signed-in user; a role list those roles only.
 * Ownership (of a lesson, session, resource) is checked by the handler on the object named.
 */
export type Access = 'public' | 'user' | readonly Role[]

export interface Endpoint {
  readonly method: HttpMethod
  /** Fastify-style path relative to the API base, e.g. `/lessons/:id`. */
  readonly path: string
  readonly summary: string
  readonly access: Access
  readonly params?: Type.TSchema
  readonly querystring?: Type.TSchema
  readonly body?: Type.TSchema
  /** `multipart` bodies carry one file field, named here. */
  readonly multipart?: { readonly field: string }
  /** Non-JSON answers: an image, a file of its own type, or an iCalendar document. */
  readonly produces?: 'image/*' | 'application/octet-stream' | 'text/calendar'
  /** A schema for every status the endpoint answers. */
  readonly response: Readonly<Record<number, Type.TSchema>>
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint

/** Fills `:name` segments: `buildPath('/lessons/:id', { id: 3 })` → `/lessons/3`. */
export const buildPath = (path: string, params: Record<string, string | number> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })

type StatusOf<E extends Endpoint> = keyof E['response'] & number

/** A handler's answer: one of the endpoint's statuses with a body typed by that status's schema. */
export type Reply<E extends Endpoint> = {
  [S in StatusOf<E>]: { status: S; body: Type.Static<E['response'][S]> }
}[StatusOf<E>]

/** The static type of an optional schema of an endpoint (params, query, body). */
export type StaticOf<S> = S extends Type.TSchema ? Type.Static<S> : undefined
