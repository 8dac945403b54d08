import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { paypalStandinAnswers, paypalStandinOrders } from '../db/schema.ts'
import type { Answer, PayPalFakeStore, StoredOrder } from '../payments/paypal-fake.ts'

const toStored = (row: typeof paypalStandinOrders.$inferSelect): StoredOrder => ({
  id: row.id,
  status: row.status,
  amountCents: row.amountInCents,
  referenceId: row.referenceId,
  captureId: row.captureId,
  refundedCents: row.refundedInCents,
})

/**
 * The stand-in's orders and first answers in the database, as PayPal keeps them on its side: a
 * restart, or another instance on the same database, finds every order and capture. Each change
 * is one conditional statement, so parallel calls on several instances act once.
 */
export const createDatabaseStore = (db: Database): PayPalFakeStore => ({
  async insertOrder(order) {
    await db.insert(paypalStandinOrders).values({
      id: order.id,
      status: order.status,
      amountInCents: order.amountCents,
      referenceId: order.referenceId,
      captureId: order.captureId,
      refundedInCents: order.refundedCents,
    })
  },
  async findOrder(id) {
    const [row] = await db.select().from(paypalStandinOrders).where(eq(paypalStandinOrders.id, id))
    return row && toStored(row)
  },
  async findOrderByCapture(captureId) {
    const [row] = await db
      .select()
      .from(paypalStandinOrders)
      .where(eq(paypalStandinOrders.captureId, captureId))
    return row && toStored(row)
  },
  async approveOrder(id) {
    await db
      .update(paypalStandinOrders)
      .set({ status: 'APPROVED' })
      .where(and(eq(paypalStandinOrders.id, id), eq(paypalStandinOrders.status, 'CREATED')))
  },
  async completeOrder(id, captureId) {
    const done = await db
      .update(paypalStandinOrders)
      .set({ status: 'COMPLETED', captureId })
      .where(and(eq(paypalStandinOrders.id, id), eq(paypalStandinOrders.status, 'APPROVED')))
      .returning({ id: paypalStandinOrders.id })
    return done.length === 1
  },
  async addRefund(captureId, _refundId, amountCents) {
    const done = await db
      .update(paypalStandinOrders)
      .set({ refundedInCents: sql`${paypalStandinOrders.refundedInCents} + ${amountCents}` })
      .where(
        and(
          eq(paypalStandinOrders.captureId, captureId),
          sql`${paypalStandinOrders.refundedInCents} + ${amountCents} <= ${paypalStandinOrders.amountInCents}`,
        ),
      )
      .returning({ id: paypalStandinOrders.id })
    return done.length === 1
  },
  async answer(key) {
    const [row] = await db
      .select()
      .from(paypalStandinAnswers)
      .where(eq(paypalStandinAnswers.key, key))
    return row && { status: row.status, body: row.body }
  },
  async keepAnswer(key, answer) {
    await db
      .insert(paypalStandinAnswers)
      .values({ key, status: answer.status, body: answer.body })
      .onConflictDoNothing()
    const [row] = await db
      .select()
      .from(paypalStandinAnswers)
      .where(eq(paypalStandinAnswers.key, key))
    return row ? ({ status: row.status, body: row.body } satisfies Answer) : answer
  },
})
