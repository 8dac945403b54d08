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
  /** The app's public origin, for links in e-mails. */
  appOrigin: string
  /** Serve the OpenAPI document (OPENAPI_DOCS). */
  openapiDocs: boolean
}

/** Every resource's routes, one plugin each, registered under the API prefix. */
export const apiRoutes = async (
  app: FastifyInstance,
  { appOrigin, openapiDocs }: ApiRoutesOptions,
) => {
  // Only what the resources need: passing the whole options on would repeat the /api prefix.
  const options = { appOrigin }
  // Before the routes: it hooks every route registered after it in this scope.
  await app.register(compressionPlugin)
  await app.register(systemRoutes, { openapiDocs })
  await app.register(authRoutes, options)
  await app.register(userRoutes, options)
  await app.register(categoriesRoutes, options)
  await app.register(guestRoutes, options)
  await app.register(lessonsRoutes, options)
  await app.register(sessionsRoutes, options)
  await app.register(materialsRoutes, options)
  await app.register(paymentsRoutes, options)
  await app.register(reviewsWriteRoutes)
  await app.register(adminRoutes, options)
}
