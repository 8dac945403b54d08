import { createHash, randomBytes } from 'node:crypto'
import { watch } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { ResultOf } from '../../contract/client.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import type { Database } from '../src/db/client.ts'
import {
  enrollments,
  files,
  lessonSessions,
  outbox,
  payments as paymentRows,
  resources as resourceRows,
} from '../src/db/schema.ts'
import { cookieFor, createLesson, createSession, DAY, multipartFile } from './catalogue-fixtures.ts'
import {
  type Answer,
  call,
  errorLines,
  fetchBytes,
  messageOf,
  openStore,
  type ServerProcess,
  startPayPal,
  startServer,
} from './crash-process.ts'
import { createUser } from './helpers.ts'
import { createStudents } from './payment-fixtures.ts'

/**
 * Crash safety of the real server process: parallel enrollments, payments and material uploads,
 * the process killed with SIGKILL at a different moment each round and restarted on the same
 * data. After each kill every write answered as done is there whole, nothing half-written is
 * visible, the server starts again (taking over the dead one's data-folder lock), and the users'
 * retries are answered sensibly without seating or charging anyone twice.
 *
 * PayPal is a fake of its REST API in this process, so it outlives each kill as PayPal outlives
 * ours: a capture PayPal made and we never recorded is what a crash really leaves behind (the
 * built-in stand-in would die with the server). The random choices come from a seeded generator;
 * a failure names the seed, and CRASH_SEED=<seed> draws the same kill moments again. On the
 * embedded database by default; with DATABASE_URL on a fresh PostgreSQL database.
 */

const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))
const random = (() => {
  // mulberry32: small and seedable.
  let state = SEED >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
})()
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
const context = `seed ${SEED} (replay with CRASH_SEED=${SEED})`

const SEATS = 3
/** Students racing for each free session's seats, and for each paid one's. */
const FREE_RACERS = 10
const PAID_RACERS = 5
const UPLOADS = 6

/** When a round's kill comes. */
type KillMoment =
  /** Once this many uploads and captures were answered: mid-stream, at a random point. */
  | { after: 'answers'; uploads: number; captures: number }
  /** Once PayPal made two orders and a capture whose answers never reach the server. */
  | { after: 'paypal' }
  /** The instant an upload's bytes start to land in storage (its file appears). */
  | { after: 'storage' }

const ROUNDS: KillMoment[] = [
  { after: 'answers', uploads: between(1, 3), captures: between(1, 3) },
  { after: 'paypal' },
  { after: 'storage' },
]

type Student = Awaited<ReturnType<typeof createStudents>>[number]
type Payment = ResultOf<typeof payments.createOrder>
type Expected = { status: number; message?: string | string[] }[]

interface Enrollment {
  student: Student
  lessonId: number
  sessionId: number
  answer?: Answer
}
interface PaymentFlow {
  student: Student
  lessonId: number
  sessionId: number
  opened?: Answer
  captured?: Answer
}
interface Upload {
  /** How many random kilobytes its text carries (as base64, a third more). */
  kilobytes: number
  token: string
  bytes: Buffer
  uploaded?: Answer
  material?: Answer
}
interface Round {
  enrollments: Enrollment[]
  payments: PaymentFlow[]
  uploads: Upload[]
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** Material files are text whose first line names the upload. */
const tokenOf = (bytes: Buffer) => bytes.subarray(0, bytes.indexOf(10)).toString()

const seatRefusals: Expected = [
  { status: 409, message: MESSAGES.enrollments.noSeatsLeft.text },
  { status: 409, message: MESSAGES.enrollments.alreadyEnrolled.text },
]

describe('crash safety: kill -9 during parallel writes', () => {
  it('keeps every answered write whole, shows nothing half-written, restarts, takes retries', async () => {
    let world!: {
      educatorCookie: string
      freeLessonId: number
      paidLessonId: number
      students: Student[]
      sessions: { free: number[]; paid: number[] }[]
    }
    const store = await openStore(async (db) => {
      const educator = await createUser(db, { role: 'educator' })
      const free = await createLesson(db, educator, { maxSlots: SEATS, priceInCents: 0 })
      const paid = await createLesson(db, educator, { maxSlots: SEATS, priceInCents: 2000 })
      let day = 1
      const twoSessions = async (lesson: typeof free) => [
        (await createSession(db, lesson, { startsIn: ++day * DAY })).id,
        (await createSession(db, lesson, { startsIn: ++day * DAY })).id,
      ]
      const rounds = []
      for (let index = 0; index < ROUNDS.length; index += 1) {
        rounds.push({ free: await twoSessions(free), paid: await twoSessions(paid) })
      }
      world = {
        educatorCookie: await cookieFor(db, educator),
        freeLessonId: free.id,
        paidLessonId: paid.id,
        students: await createStudents(db, 2 * FREE_RACERS),
        sessions: rounds,
      }
    })
    const paypal = await startPayPal(() => between(5, 40))

    /** What the server answered as done, over all rounds: each must survive every kill. */
    const done = {
      seats: [] as { id: number; sessionId: number; userId: number }[],
      opened: [] as Payment[],
      captured: [] as Payment[],
      files: [] as { id: number; size: number }[],
      materials: [] as { id: number; fileId: number }[],
    }
    /** The sha-256 of every material sent, by the token on its first line. */
    const sent = new Map<string, string>()
    /** Uploads never answered: the only ones whose bytes may lie in storage without a row. */
    const unanswered = new Map<string, Buffer>()

    /** Whether the answer is a success; an answer outside `expected` fails the test. */
    const accept = (what: string, answer: Answer, expected: Expected) => {
      if (answer.status === 0) return false
      const known = expected.some(
        (item) =>
          item.status === answer.status &&
          (item.message === undefined || isDeepStrictEqual(item.message, messageOf(answer))),
      )
      expect(
        known,
        `${what} answered ${answer.status} ${JSON.stringify(answer.body)}; ${context}`,
      ).toBe(true)
      return answer.status < 300
    }

    const enroll = async (origin: string, op: Enrollment) => {
      const answer = await call(origin, sessions.enroll, {
        params: { id: op.lessonId, sessionId: op.sessionId },
        cookie: op.student.cookie,
      })
      op.answer = answer
      if (accept('An enrollment', answer, [{ status: 201 }, ...seatRefusals])) {
        const seat = answer.body as ResultOf<typeof sessions.enroll>
        done.seats.push({ id: seat.id, sessionId: op.sessionId, userId: op.student.user.id })
      }
    }

    /** Opens (or reopens) the student's payment, approves it at PayPal as the buyer, captures it. */
    const pay = async (origin: string, op: PaymentFlow, captured = () => {}) => {
      op.opened = await call(origin, payments.createOrder, {
        body: { lessonId: op.lessonId, sessionId: op.sessionId },
        cookie: op.student.cookie,
      })
      if (!accept('Opening a payment', op.opened, [{ status: 201 }, ...seatRefusals])) return
      const payment = op.opened.body as Payment
      done.opened.push(payment)
      expect(payment.orderId, context).not.toBeNull()
      paypal.fake.approve(payment.orderId!)
      op.captured = await call(origin, payments.capturePayment, {
        params: { id: payment.id },
        cookie: op.student.cookie,
      })
      if (accept('A capture', op.captured, [{ status: 200 }])) {
        expect((op.captured.body as Payment).status, context).toBe('success')
        done.captured.push(op.captured.body as Payment)
        captured()
      }
    }

    /** Uploads a new material file and makes it a material. */
    const upload = async (origin: string, op: Upload, uploaded = () => {}) => {
      op.token = `crash-${randomBytes(6).toString('hex')}`
      op.bytes = Buffer.from(
        `${op.token}\n${randomBytes(op.kilobytes * 1024).toString('base64')}\n`,
      )
      sent.set(op.token, sha256(op.bytes))
      unanswered.set(op.token, op.bytes)
      op.uploaded = await call(origin, resources.uploadResourceFile, {
        params: { id: world.freeLessonId },
        cookie: world.educatorCookie,
        upload: multipartFile('file', `${op.token}.txt`, op.bytes, 'text/plain'),
      })
      if (!accept('An upload', op.uploaded, [{ status: 201 }])) return
      unanswered.delete(op.token)
      const file = op.uploaded.body as ResultOf<typeof resources.uploadResourceFile>
      done.files.push({ id: file.id, size: op.bytes.length })
      uploaded()
      await attach(origin, op, [{ status: 201 }])
    }

    const attach = async (origin: string, op: Upload, expected: Expected) => {
      const file = op.uploaded?.body as ResultOf<typeof resources.uploadResourceFile>
      op.material = await call(origin, resources.createResource, {
        params: { id: world.freeLessonId },
        cookie: world.educatorCookie,
        body: {
          title: op.token,
          type: 'document',
          url: file.path,
          description: '',
          fileId: file.id,
        },
      })
      if (accept('A material', op.material, expected)) {
        done.materials.push({ id: (op.material.body as { id: number }).id, fileId: file.id })
      }
    }

    /**
     * The database as a kill left it: everything answered is there, and no seat, payment, e-mail,
     * file or material without the rest of its write. Answers the file rows.
     */
    const checkDatabase = async (db: Database) => {
      const seats = (await db.select().from(enrollments)).filter((s) => s.cancelledAt === null)
      const paymentList = await db.select().from(paymentRows)
      const mails = await db.select().from(outbox)
      const fileList = await db.select().from(files)
      const materials = await db.select().from(resourceRows)
      for (const session of await db.select().from(lessonSessions)) {
        const taken = seats.filter((seat) => seat.sessionId === session.id).length
        expect(taken, `seats of session ${session.id}; ${context}`).toBeLessThanOrEqual(SEATS)
      }
      for (const seat of done.seats) {
        expect(seats, `seat ${seat.id}; ${context}`).toContainEqual(expect.objectContaining(seat))
      }
      for (const { id, orderId } of done.opened) {
        expect(paymentList, `payment ${id}; ${context}`).toContainEqual(
          expect.objectContaining({ id, orderId }),
        )
      }
      for (const { id, transactionId } of done.captured) {
        expect(paymentList, `payment ${id}; ${context}`).toContainEqual(
          expect.objectContaining({ id, transactionId, status: 'success' }),
        )
      }
      // A capture is recorded with its seat, or not at all.
      for (const payment of paymentList) {
        const paid = payment.status === 'success'
        expect(
          {
            captured: payment.transactionId !== null,
            seats: seats.filter((seat) => seat.paymentId === payment.id).length,
          },
          `payment ${payment.id} (${payment.status}); ${context}`,
        ).toEqual({ captured: paid, seats: paid ? 1 : 0 })
      }
      // Each seat has its confirmation, once; no confirmation tells of a seat that is not there.
      const emailOf = new Map(world.students.map(({ user }) => [user.id, user.email]))
      expect(
        mails
          .flatMap((mail) => mail.attachments.map((file) => `${mail.to} ${file.filename}`))
          .sort(),
        `confirmations; ${context}`,
      ).toEqual(
        seats.map((seat) => `${emailOf.get(seat.userId)} session-${seat.sessionId}.ics`).sort(),
      )
      for (const { id, size } of done.files) {
        expect(fileList, `file ${id}; ${context}`).toContainEqual(
          expect.objectContaining({ id, size }),
        )
      }
      for (const material of done.materials) {
        expect(materials, `material ${material.id}; ${context}`).toContainEqual(
          expect.objectContaining(material),
        )
      }
      return fileList
    }

    const uploadsDir = join(store.dataDir, 'uploads')
    /**
     * Bytes in storage without a row must be those of an upload that was never answered, or the
     * start of them (the kill came while they were written).
     */
    const checkOrphans = async (stored: string[], fileList: { storageKey: string }[]) => {
      const keys = new Set(fileList.map((file) => file.storageKey))
      for (const name of stored.filter((entry) => !keys.has(entry))) {
        const bytes = await readFile(join(uploadsDir, name))
        const from = [...unanswered.values()].some((whole) =>
          whole.subarray(0, bytes.length).equals(bytes),
        )
        expect(from, `bytes without a row: ${name} (${tokenOf(bytes)}); ${context}`).toBe(true)
      }
    }

    /** Every file row's bytes, read through the API: whole, and exactly what was sent. */
    const checkDownloads = async (origin: string, fileList: { id: number; size: number }[]) => {
      for (const file of fileList) {
        const { status, bytes } = await fetchBytes(origin, resources.downloadFile, {
          params: { fileId: file.id },
          cookie: world.educatorCookie,
        })
        expect({ status, size: bytes.length }, `file ${file.id}; ${context}`).toEqual({
          status: 200,
          size: file.size,
        })
        expect(sha256(bytes), `file ${file.id}; ${context}`).toBe(sent.get(tokenOf(bytes)))
      }
    }

    const runRound = async (server: ServerProcess, index: number): Promise<Round> => {
      const moment = ROUNDS[index]!
      const { free, paid } = world.sessions[index]!
      const racers = (sessionIds: number[], lessonId: number, count: number) =>
        sessionIds.flatMap((sessionId, group) =>
          world.students
            .slice(group * count, (group + 1) * count)
            .map((student) => ({ student, lessonId, sessionId })),
        )
      const round: Round = {
        enrollments: racers(free, world.freeLessonId, FREE_RACERS),
        payments: racers(paid, world.paidLessonId, PAID_RACERS),
        // Files of several megabytes take long enough to write that a kill lands inside.
        uploads: Array.from({ length: UPLOADS }, () => ({
          kilobytes: moment.after === 'storage' ? between(4608, 7168) : between(64, 384),
          token: '',
          bytes: Buffer.alloc(0),
        })),
      }
      const answered = { uploads: 0, captures: 0 }
      const count = (kind: keyof typeof answered) => {
        answered[kind] += 1
        if (
          moment.after === 'answers' &&
          answered.uploads >= moment.uploads &&
          answered.captures >= moment.captures
        ) {
          server.killNow()
        }
      }
      if (moment.after === 'paypal') {
        paypal.hold({ orders: 2, captures: true }, () => {
          if (paypal.held.orders >= 2 && paypal.held.captures >= 1) server.killNow()
        })
      }
      const storing =
        moment.after === 'storage' ? watch(uploadsDir, () => server.killNow()) : undefined
      await Promise.all([
        ...round.enrollments.map((op) => enroll(server.origin, op)),
        ...round.payments.map((op) => pay(server.origin, op, () => count('captures'))),
        ...round.uploads.map((op) => upload(server.origin, op, () => count('uploads'))),
      ])
      storing?.close()
      await server.kill()
      paypal.releaseAll()
      // The kill must have cut work short, or the round proved nothing.
      const cut = [
        ...round.enrollments.map((op) => op.answer),
        ...round.payments.flatMap((op) => [op.opened, op.captured]),
        ...round.uploads.flatMap((op) => [op.uploaded, op.material]),
      ].filter((answer) => answer?.status === 0)
      expect(cut.length, `requests cut short in round ${index}; ${context}`).toBeGreaterThan(0)
      expect(errorLines(server.output()), context).toEqual([])
      return round
    }

    /** What the users do after the restart: the same again, each answered sensibly. */
    const retry = (origin: string, round: Round) =>
      Promise.all([
        ...round.enrollments.map(async (op) => {
          const before = op.answer
          await enroll(origin, op)
          if (before?.status === 201) {
            expect(messageOf(op.answer!), context).toBe(MESSAGES.enrollments.alreadyEnrolled.text)
          }
        }),
        ...round.payments.map(async (op) => {
          const before = op.captured
          if (before?.status === 200) {
            // The browser asks again for a capture it saw: the same payment, charged once.
            const again = await call(origin, payments.capturePayment, {
              params: { id: (before.body as Payment).id },
              cookie: op.student.cookie,
            })
            expect(again, context).toEqual(before)
          }
          await pay(origin, op)
          if (before?.status === 200) {
            expect(messageOf(op.opened!), context).toBe(MESSAGES.enrollments.alreadyEnrolled.text)
          }
        }),
        ...round.uploads.map(async (op) => {
          if (op.uploaded?.status !== 201) return upload(origin, op)
          // A material written before the kill keeps its file: the file is then in use.
          if (op.material?.status !== 201) {
            return attach(origin, op, [
              { status: 201 },
              { status: 400, message: [MESSAGES.materials.fileInUse.text] },
            ])
          }
        }),
      ])

    let server: ServerProcess | undefined
    try {
      server = await startServer(store, paypal)
      let previous: Round | undefined
      for (let index = 0; index < ROUNDS.length; index += 1) {
        if (previous) await retry(server.origin, previous)
        previous = await runRound(server, index)
        const killed = server.pid
        if (store.kind === 'pglite') {
          expect(await readFile(join(store.dataDir, 'server.lock'), 'utf8')).toBe(String(killed))
        }
        // The data as the kill left it, looked at while the server starts again on it.
        const inspect = await store.snapshot()
        const stored = await readdir(uploadsDir)
        const [checked, restarted] = await Promise.allSettled([
          inspect(checkDatabase),
          startServer(store, paypal),
        ])
        if (restarted.status === 'fulfilled') server = restarted.value
        if (checked.status === 'rejected') throw checked.reason
        if (restarted.status === 'rejected') throw restarted.reason
        // The restart took over the dead server's lock (and found its schema up to date).
        if (store.kind === 'pglite') {
          expect(await readFile(join(store.dataDir, 'server.lock'), 'utf8')).toBe(
            String(server.pid),
          )
        }
        await checkOrphans(stored, checked.value)
        await checkDownloads(server.origin, checked.value)
      }
      await retry(server.origin, previous!)
      expect(errorLines(server.output()), context).toEqual([])
      expect(await server.stop(), context).toBe(0)

      // After the retries: every session full, each PayPal capture recorded once, no one
      // charged twice, no payment left open, every upload a material.
      const inspect = await store.snapshot()
      await inspect(async (db) => {
        const fileList = await checkDatabase(db)
        await checkOrphans(await readdir(uploadsDir), fileList)
        const seats = (await db.select().from(enrollments)).filter((s) => s.cancelledAt === null)
        for (const sessionId of world.sessions.flatMap(({ free, paid }) => [...free, ...paid])) {
          expect(
            seats.filter((seat) => seat.sessionId === sessionId),
            `seats of session ${sessionId}; ${context}`,
          ).toHaveLength(SEATS)
        }
        const paymentList = await db.select().from(paymentRows)
        expect(
          paymentList.filter((payment) => payment.status !== 'success'),
          context,
        ).toEqual([])
        const captures = [...paypal.fake.captures.values()]
        const charged = captures.map((capture) => {
          const order = paypal.fake.orders.get(capture.orderId)
          const payment = paymentList.find((row) => `payment-${row.id}` === order?.referenceId)
          expect(payment?.transactionId, `capture ${capture.id}; ${context}`).toBe(capture.id)
          return `${payment?.userId} ${payment?.sessionId}`
        })
        expect(new Set(charged).size, `one charge per seat; ${context}`).toBe(charged.length)
        expect(captures, context).toHaveLength(paymentList.length)
        expect(await db.select().from(resourceRows), context).toHaveLength(ROUNDS.length * UPLOADS)
      })
    } finally {
      server?.killNow()
      paypal.releaseAll()
      await paypal.close()
      await store.dispose()
    }
    // Four server starts on one data folder, each after a kill: minutes on a busy machine.
  }, 600_000)
})
