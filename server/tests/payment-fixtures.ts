import { asc, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import * as payments from '../../contract/descriptors/payments.ts'
import type { Database } from '../src/db/client.ts'
import { enrollments, outbox, payments as paymentRows, users } from '../src/db/schema.ts'
import { hashPassword } from '../src/crypto/passwords.ts'
import { createPayPalFake } from '../src/payments/paypal-fake.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { bodyOf, PASSWORD, setupTestApp, type TestContext } from './helpers.ts'

export const PAYPAL = { clientId: 'test-client', clientSecret: 'test-secret', webhookId: 'WH-TEST' }

/**
 * The app under test with real PayPal credentials, its PayPal client pointed at a local fake of
 * PayPal's REST API listening on a loopback port (the same fake the stand-in serves), so every
 * payment call crosses real HTTP. Calls time out after 2 s to keep time-out tests short.
 */
export const setupPaymentsApp = (env: Record<string, string> = {}, providerTimeoutMs = 2000) => {
  const fake = createPayPalFake(PAYPAL)
  const server = Fastify({ forceCloseConnections: true })
  let url = ''
  beforeAll(async () => {
    await server.register(fake.plugin)
    url = await server.listen({ host: '127.0.0.1', port: 0 })
  })
  /** The configuration that points an app at the fake (another instance may use it too). */
  const paypalEnv = () => ({
    PAYPAL_CLIENT_ID: PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
    PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
    PAYPAL_API_URL: url,
  })
  const context = setupTestApp({
    providerTimeoutMs,
    env: () => ({ ...paypalEnv(), ...env }),
  })
  afterAll(async () => {
    await server.close()
  })
  return { context, fake, paypalEnv }
}

let studentCounter = 0

/** Many signed-in students at once, sharing one password hash (hashing is slow on purpose). */
export const createStudents = async (
  db: Database,
  count: number,
  language: 'en-US' | 'jp-JP' = 'en-US',
) => {
  const passwordHash = await hashPassword(PASSWORD)
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        studentCounter += 1
        return {
          name: `Racer ${studentCounter}`,
          email: `racer${studentCounter}@test.example`,
          passwordHash,
          role: 'student' as const,
          language,
          emailConfirmedAt: new Date(),
        }
      }),
    )
    .returning()
  return Promise.all(rows.map(async (user) => ({ user, cookie: await cookieFor(db, user) })))
}

export const paymentRow = async (db: Database, id: number) => {
  const [row] = await db.select().from(paymentRows).where(eq(paymentRows.id, id))
  if (!row) throw new Error(`No payment ${id}`)
  return row
}

export const activeSeats = (db: Database, sessionId: number) =>
  db
    .select()
    .from(enrollments)
    .where(eq(enrollments.sessionId, sessionId))
    .then((rows) => rows.filter((row) => row.cancelledAt === null))

export const mails = (db: Database) => db.select().from(outbox).orderBy(asc(outbox.id))

/** Opens a payment for the session as the student and has the buyer approve it at the fake. */
export const openApproved = async (
  context: TestContext,
  fake: ReturnType<typeof createPayPalFake>,
  ids: { lessonId: number; sessionId: number },
  cookie: string,
) => {
  const payment = bodyOf(await context.call(payments.createOrder, { body: ids, cookie }))
  if (!payment.orderId) throw new Error('No order id')
  fake.approve(payment.orderId)
  return payment
}
