import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type AppOptions, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { payments } from '../src/db/schema.ts'
import { periodicTasks } from '../src/plugins/periodic-work.ts'
import { createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser } from './helpers.ts'
import { setupPaymentsApp } from './payment-fixtures.ts'

/**
 * The app's periodic work is declared in one place (plugins/periodic-work.ts) and started there
 * only: no route starts a timer, and an interval of null leaves a task to the caller.
 */
const { context, fake, paypalEnv } = setupPaymentsApp()
const apps: Awaited<ReturnType<typeof buildApp>>[] = []
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
})

/** A paid seat given back whose refund PayPal never confirmed: due. */
const dueRefund = async () => {
  const educator = await createUser(context.db, { role: 'educator' })
  const student = await createUser(context.db)
  const lesson = await createLesson(context.db, educator, { priceInCents: 1500 })
  const session = await createSession(context.db, lesson, { startsIn: 3 * DAY })
  const [payment] = await context.db
    .insert(payments)
    .values({
      userId: student.id,
      lessonId: lesson.id,
      sessionId: session.id,
      orderId: 'ORDER-DUE',
      transactionId: 'CAPTURE-DUE',
      status: 'refunding',
      refundReason: 'unenrolled',
      amountInCents: 1500,
    })
    .returning()
  if (!payment) throw new Error('No payment')
  // PayPal's side of it: the order captured, nothing refunded.
  fake.orders.set('ORDER-DUE', {
    id: 'ORDER-DUE',
    status: 'COMPLETED',
    amountCents: 1500,
    referenceId: `payment-${payment.id}`,
    captureId: 'CAPTURE-DUE',
  })
  fake.captures.set('CAPTURE-DUE', {
    id: 'CAPTURE-DUE',
    orderId: 'ORDER-DUE',
    amountCents: 1500,
    refundedCents: 0,
  })
  return payment
}

const statusOf = async (paymentId: number) =>
  (await context.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status

/**
 * Another instance on the same database, started and stopped: ready starts every task that has an
 * interval, and closing waits for the runs under way.
 */
const startAndStop = async (
  intervals: Pick<AppOptions, 'housekeepingIntervalMs' | 'refundRetryIntervalMs'>,
) => {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: context.dataDir,
      APP_ORIGIN,
      SEED_DEMO: 'false',
      ...paypalEnv(),
    }),
    database: { db: context.db, kind: 'pglite', close: async () => {} },
    closeDatabase: false,
    ...intervals,
  })
  apps.push(app)
  await app.ready()
  await app.close()
}

describe('periodic work', () => {
  it('declares every task with its name and interval, in one place', () => {
    expect(
      periodicTasks({ housekeepingMs: 600_000, refundRetryMs: 60_000 }).map(
        ({ name, intervalMs }) => ({ name, intervalMs }),
      ),
    ).toEqual([
      { name: 'housekeeping', intervalMs: 600_000 },
      { name: 'refund-retry', intervalMs: 60_000 },
    ])
  })

  it('sends a refund left due again once the app is ready', async () => {
    const payment = await dueRefund()
    await startAndStop({ housekeepingIntervalMs: null, refundRetryIntervalMs: 60_000 })
    expect(await statusOf(payment.id)).toBe('refunded')
    expect(fake.captures.get('CAPTURE-DUE')?.refundedCents).toBe(1500)
  })

  it('runs nothing by itself when no task has an interval', async () => {
    const payment = await dueRefund()
    await startAndStop({ housekeepingIntervalMs: null, refundRetryIntervalMs: null })
    expect(await statusOf(payment.id)).toBe('refunding')
    expect(fake.captures.get('CAPTURE-DUE')?.refundedCents).toBe(0)
  })
})
