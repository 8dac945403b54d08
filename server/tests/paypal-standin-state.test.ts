import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../contract/entities.ts'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import {
  APP_ORIGIN,
  createUser,
  emptyDatabaseImage,
  setupSecondApp,
  setupTestApp,
} from './helpers.ts'
import { activeSeats, createStudents, mails, paymentRow } from './payment-fixtures.ts'

/**
 * The built-in PayPal stand-in (no credentials) as an attacker and a chaos engineer meet it: its
 * buyer's approval is the buyer's own, its REST API answers no one but the server, a refund made
 * there reaches our payment, and its orders outlast a restart and are known to every instance.
 */
const context = setupTestApp()
const second = setupSecondApp(context)

const testConfig = (dataDir: string) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_ORIGIN, SEED_DEMO: 'false' })

/** One call to an app, as the SPA (or the stand-in's buttons) on the app's origin makes it. */
const callOn = async (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  { cookie, body, headers }: { cookie?: string; body?: unknown; headers?: Record<string, string> },
) => {
  const response = await app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  })
  await app.afterAnswer.settled()
  return response
}

const open = async (
  app: FastifyInstance,
  ids: { lessonId: number; sessionId: number },
  cookie: string,
) => callOn(app, 'POST', '/payments/orders', { cookie, body: ids })
const approve = (app: FastifyInstance, orderId: string, cookie?: string) =>
  callOn(app, 'POST', `/paypal-standin/v2/checkout/orders/${orderId}/approve`, {
    body: {},
    ...(cookie ? { cookie } : {}),
  })
const capture = (app: FastifyInstance, paymentId: number, cookie: string) =>
  callOn(app, 'POST', `/payments/${paymentId}/capture`, { cookie })

const scene = async (db: Database) => {
  const educator = await createUser(db, { role: 'educator' })
  const lesson = await createLesson(db, educator, { priceInCents: 1500 })
  const session = await createSession(db, lesson, { startsIn: DAY })
  const [buyer, other] = await createStudents(db, 2)
  if (!buyer || !other) throw new Error('No students')
  return { lesson, session, buyer, other, ids: { lessonId: lesson.id, sessionId: session.id } }
}

/** A seat paid through the stand-in, as the buyer's browser pays it. */
const paidSeat = async () => {
  const s = await scene(context.db)
  const opened = (await open(context.app, s.ids, s.buyer.cookie)).json<Payment>()
  expect((await approve(context.app, opened.orderId ?? '', s.buyer.cookie)).statusCode).toBe(200)
  const paid = (await capture(context.app, opened.id, s.buyer.cookie)).json<Payment>()
  expect(paid.status).toBe('success')
  return { ...s, payment: paid }
}

const refundedMails = async (db: Database, to: string) =>
  (await mails(db)).filter((row) => row.to === to && row.subject.includes('was refunded'))

describe("the stand-in's buyer approval", () => {
  it("is the signed-in buyer's only: no session and another student are refused", async () => {
    const s = await scene(context.db)
    const opened = (await open(context.app, s.ids, s.buyer.cookie)).json<Payment>()
    const orderId = opened.orderId ?? ''
    expect(orderId).toMatch(/^ORDER/)

    expect((await approve(context.app, orderId)).statusCode).toBe(404)
    expect((await approve(context.app, orderId, s.other.cookie)).statusCode).toBe(404)
    // Nobody approved it: the buyer's capture is not charged.
    expect((await capture(context.app, opened.id, s.buyer.cookie)).statusCode).toBe(409)

    expect((await approve(context.app, orderId, s.buyer.cookie)).statusCode).toBe(200)
    const paid = (await capture(context.app, opened.id, s.buyer.cookie)).json<Payment>()
    expect(paid.status).toBe('success')
    expect(await activeSeats(context.db, s.session.id)).toHaveLength(1)
  })
})

describe("the stand-in's REST API", () => {
  it('gives no token for a pair written in the source, and refunds nothing without its token', async () => {
    const s = await paidSeat()
    const basic = Buffer.from('manabi-standin:manabi-standin').toString('base64')
    const token = await callOn(context.app, 'POST', '/paypal-standin/v1/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    })
    expect(token.statusCode).toBe(401)
    for (const headers of [{}, { authorization: 'Bearer made-up' }] as Record<string, string>[]) {
      const refund = await callOn(
        context.app,
        'POST',
        `/paypal-standin/v2/payments/captures/${s.payment.transactionId}/refund`,
        { body: {}, headers },
      )
      expect(refund.statusCode).toBe(401)
    }
    expect((await paymentRow(context.db, s.payment.id)).status).toBe('success')
    expect(await activeSeats(context.db, s.session.id)).toHaveLength(1)
  })

  it('reports a refund made at the stand-in to our payment: refunded, seat freed, student told once', async () => {
    const s = await paidSeat()
    // A refund made at the provider, not asked for by a seat change of ours.
    const { refundId } = await context.app.payments.provider.refundCapture(
      s.payment.transactionId ?? '',
      'refund-made-at-the-provider',
      1500,
    )
    expect(await paymentRow(context.db, s.payment.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'provider',
      refundId,
    })
    expect(await activeSeats(context.db, s.session.id)).toEqual([])
    const told = await refundedMails(context.db, s.buyer.user.email)
    expect(told).toHaveLength(1)
    expect(told[0]?.text).toContain(s.lesson.title)
    // The seat is free again for anyone.
    expect((await open(context.app, s.ids, s.other.cookie)).statusCode).toBe(201)
  })

  it('confirms our own refund through the same report without telling the student twice', async () => {
    const s = await paidSeat()
    const unenroll = await callOn(
      context.app,
      'DELETE',
      `/lessons/${s.lesson.id}/sessions/${s.session.id}/unenroll`,
      { cookie: s.buyer.cookie },
    )
    expect(unenroll.statusCode, unenroll.body).toBe(200)
    expect(await paymentRow(context.db, s.payment.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'unenrolled',
    })
    expect(await refundedMails(context.db, s.buyer.user.email)).toEqual([])
  })
})

describe("the stand-in's orders on two instances of one database", () => {
  it('opened on one instance, approved and captured on the other', async () => {
    const s = await scene(context.db)
    const opened = (await open(context.app, s.ids, s.buyer.cookie)).json<Payment>()
    // Opening again on the other instance answers the same, living order.
    const again = (await open(second.app, s.ids, s.buyer.cookie)).json<Payment>()
    expect(again).toMatchObject({ id: opened.id, orderId: opened.orderId })
    expect((await approve(second.app, opened.orderId ?? '', s.buyer.cookie)).statusCode).toBe(200)
    const paid = await capture(second.app, opened.id, s.buyer.cookie)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json<Payment>().status).toBe('success')
    // The first instance reads the capture the second made, as a retry would.
    expect((await capture(context.app, opened.id, s.buyer.cookie)).json<Payment>().status).toBe(
      'success',
    )
  })
})

// Always the embedded database: what `npm start` keeps its data in, reopened after a restart.
describe("the stand-in's orders across a restart", () => {
  const folders: string[] = []
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
  })

  const start = async (dataDir: string, fresh: boolean) => {
    const database = await openDatabase(
      fresh ? { dataDir, image: await emptyDatabaseImage() } : { dataDir },
    )
    const app = await buildApp({ config: testConfig(dataDir), database })
    await app.ready()
    return { app, db: database.db }
  }

  it('captures an order approved before the restart, and re-opening answers a living order', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'manabi-standin-restart-'))
    folders.push(dataDir)
    const before = await start(dataDir, true)
    const s = await scene(before.db)
    const approved = (await open(before.app, s.ids, s.buyer.cookie)).json<Payment>()
    expect((await approve(before.app, approved.orderId ?? '', s.buyer.cookie)).statusCode).toBe(200)
    const pending = (await open(before.app, s.ids, s.other.cookie)).json<Payment>()
    await before.app.close()

    const after = await start(dataDir, false)
    try {
      const paid = await capture(after.app, approved.id, s.buyer.cookie)
      expect(paid.statusCode, paid.body).toBe(200)
      expect(paid.json<Payment>().status).toBe('success')

      const reopened = (await open(after.app, s.ids, s.other.cookie)).json<Payment>()
      expect(reopened).toMatchObject({ id: pending.id, orderId: pending.orderId })
      expect((await approve(after.app, reopened.orderId ?? '', s.other.cookie)).statusCode).toBe(
        200,
      )
      const second = await capture(after.app, reopened.id, s.other.cookie)
      expect(second.statusCode, second.body).toBe(200)
      expect(await activeSeats(after.db, s.session.id)).toHaveLength(2)
    } finally {
      await after.app.close()
    }
    // Two starts of the embedded database from its folder: seconds each on a busy machine.
  }, 60_000)
})
