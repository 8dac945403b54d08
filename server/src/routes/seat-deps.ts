import type { FastifyInstance } from 'fastify'
import type { SeatDeps } from '../services/seats.ts'

/** What the seat and payment services need, from the app's plugins. */
export const seatDeps = (app: FastifyInstance, eventDomain: string): SeatDeps => ({
  db: app.db,
  mailer: app.mailer,
  payments: app.payments,
  log: app.log,
  eventDomain,
})
