import type { FastifyInstance } from 'fastify'

export const userRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
