import type { FastifyInstance } from 'fastify'
import { compressionPlugin } from '../plugins/compression.ts'
import { adminRoutes } from './admin.ts'
import { authRoutes } from './auth.ts'
import { categoriesRoutes } from './categories.ts'
import { guestRoutes } from './guest.ts'
import { lessonsRoutes } from './lessons.ts'
import { materialsRoutes } from './materials.ts'
import { paymentsRoutes } from './payments.ts'
import { reviewsWriteRoutes } from './reviews-write.ts'
import { sessionsRoutes } from './sessions.ts'
import { systemRoutes } from './system.ts'
import { userRoutes } from './user.ts'

export interface ApiRoutesOptions {
  /** Serve the OpenAPI document (OPENAPI_DOCS). */
  openapiDocs: boolean
}

/**
 * Every resource's routes, one plugin each, registered under the API prefix. Each handler gets
 * what the services work with in its context (`deps`, http/route.ts).
 */
export const apiRoutes = async (app: FastifyInstance, { openapiDocs }: ApiRoutesOptions) => {
  // Before the routes: it hooks every route registered after it in this scope.
  await app.register(compressionPlugin)
  await app.register(systemRoutes, { openapiDocs })
  await app.register(authRoutes)
  await app.register(userRoutes)
  await app.register(categoriesRoutes)
  await app.register(guestRoutes)
  await app.register(lessonsRoutes)
  await app.register(sessionsRoutes)
  await app.register(materialsRoutes)
  await app.register(paymentsRoutes)
  await app.register(reviewsWriteRoutes)
  await app.register(adminRoutes)
}
