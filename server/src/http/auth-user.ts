import type { UserRow } from '../repositories/users.ts'

/** The signed-in user a request carries: the auth plugin resolves it from the session cookie. */
export type AuthUser = UserRow

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for a guest; the route's declared access is checked against it (plugins/auth.ts). */
    user: AuthUser | null
  }
}
