import type { FastifyInstance } from 'fastify'

export const adminRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
