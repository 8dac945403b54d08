import type { FastifyInstance } from 'fastify'

export const sessionsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
