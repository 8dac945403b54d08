import type { FastifyInstance } from 'fastify'

export const categoriesRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
