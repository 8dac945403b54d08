import type { FastifyInstance } from 'fastify'

export const authRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
