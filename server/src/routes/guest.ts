import type { FastifyInstance } from 'fastify'

export const guestRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void app
  void options
}
