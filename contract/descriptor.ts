/**
 * What a client needs to call an endpoint, and nothing more: its method, its path and who may call
 * it. Descriptors carry no schema, so the SPA imports them at run time without the schema builder.
 * An endpoint declares all of it once, with its schemas (`endpoints/`); `descriptors/` is generated
 * from the endpoints (`npm run generate:descriptors`), each descriptor naming its endpoint by type.
 */
import type { ROLES } from './rules.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call an endpoint, declared with it so the server checks it in one hook:
 * `public` anyone; `user` any signed-in user; a role list those roles only.
 * Ownership (of a lesson, session, resource) is checked by the handler on the object named.
 */
export type Access = 'public' | 'user' | readonly (typeof ROLES)[number][]

export interface Descriptor {
  readonly method: HttpMethod
  /** Fastify-style path relative to the API base, e.g. `/lessons/:id`. */
  readonly path: string
  readonly access: Access
  /**
   * §6: only approved accounts (an educator an admin has verified; students and admins always
   * are) may call it; checked in the same hook as `access`, after it.
   */
  readonly approvedOnly?: true
}

/** The key under which a descriptor's type names its endpoint. Type-only: no value has it. */
declare const endpointKey: unique symbol
export type EndpointKey = typeof endpointKey

/**
 * The descriptor of endpoint `E`: its method, path, access and approval, exactly as `E` declares
 * them, and `E` itself by type only, so a client types a call by the schemas of `E` (`client.ts`)
 * while the browser loads none of them.
 */
export type DescriptorOf<E extends Descriptor> = {
  readonly method: E['method']
  readonly path: E['path']
  readonly access: E['access']
  readonly [endpointKey]?: E
} & (E extends { readonly approvedOnly: true } ? { readonly approvedOnly: true } : unknown)

/** Fills `:name` segments: `buildPath('/lessons/:id', { id: 3 })` → `/lessons/3`. */
export const buildPath = (path: string, params: Readonly<Record<string, string | number>> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
