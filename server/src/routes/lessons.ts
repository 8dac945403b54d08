import type { FastifyInstance } from 'fastify'

export const lessonsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
