import { afterEach, describe, expect, it, vi } from 'vitest'
import * as user from '../../contract/descriptors/user.ts'
import {
  DEFAULT_EARNINGS_MIN_JPY,
  DEFAULT_EARNINGS_USD_JPY,
  DEFAULT_PLATFORM_FEE_PERCENT,
  earningsRulePeriod,
  earningsRulePeriodAt,
  feeShares,
  meetsEarningsRule,
  yenOfShareCents,
} from '../../contract/rules.ts'
import { textPdf } from '../../demo/pdf.ts'
import { demoWorld, type DemoWorld } from '../../demo/resolve.ts'
import { DAY, DEMO_PASSWORD, HOUR } from '../../demo/world.ts'
import { db as mockDb } from '../../src/mocks/db.ts'
import { seedDemoData } from '../src/db/seed.ts'
import * as schema from '../src/db/schema.ts'
import { bodyOf, setupTestApp, signIn } from './helpers.ts'

/**
 * Both seeds are adapters of one demo world (demo/): the database gets it with its
 * showcase entries, the mock catalogue without. Each backend's rows, read back by natural keys
 * (e-mails, titles, times), must be exactly the world it was built from.
 */
const context = setupTestApp()

afterEach(() => {
  vi.useRealTimers()
})

const PARTS = [
  'licences',
  'categories',
  'accounts',
  'lessons',
  'sessions',
  'seats',
  'payments',
  'reviews',
  'materials',
] as const

/** A seed's content by natural keys (e-mails, titles, times): ids and row order do not matter. */
type View = Record<(typeof PARTS)[number], string[]>

const view = (parts: Record<(typeof PARTS)[number], unknown[]>): View =>
  Object.fromEntries(
    PARTS.map((part) => [part, parts[part].map((row) => JSON.stringify(row)).sort()]),
  ) as View

/** What the world says, as a seed should store it; `undatedReviews` keeps the undated undated. */
const viewOfWorld = (world: DemoWorld, { undatedReviews }: { undatedReviews: boolean }) => {
  const email = (position: number) => world.accounts[position]?.email
  const title = (position: number) => world.lessons[position]?.title
  const start = (position: number) => world.sessions[position]?.start
  return view({
    licences: world.licences.map((row) => `${row.provider} ${row.accountEmail}`),
    categories: world.categories.map((row) => `${row.title} ${row.titleJp}`),
    accounts: world.accounts.map((row) => ({
      email: row.email,
      name: row.name,
      role: row.role,
      language: row.language,
      bio: row.bio,
      confirmed: row.emailConfirmedAt !== null,
      approved: row.role === 'educator' ? row.approvedAt !== null : null,
      licence: row.licence === null ? null : (world.licences[row.licence]?.accountEmail ?? '?'),
    })),
    lessons: world.lessons.map((row) => ({
      title: row.title,
      owner: email(row.owner),
      category: world.categories[row.category]?.title,
      price: row.priceInCents,
      slots: [row.minSlots, row.maxSlots],
      about: row.about,
      details: row.details,
      cover: row.coverHue !== null,
      createdAt: row.createdAt,
    })),
    sessions: world.sessions.map((row) => ({
      lesson: title(row.lesson),
      times: [row.start, row.end],
      timeZone: row.timeZone,
      url: row.url,
    })),
    seats: world.seats.map((row) => ({
      start: start(row.session),
      lesson: title(row.lesson),
      student: email(row.student),
      paid: world.payments.some((payment) => payment.seat === world.seats.indexOf(row)),
    })),
    payments: world.payments.map((row) => ({
      student: email(row.student),
      lesson: title(row.lesson),
      start: start(row.session),
      order: [row.orderId, row.transactionId, row.status, row.amountInCents],
    })),
    reviews: world.reviews.map((row) => ({
      lesson: title(row.lesson),
      author: email(row.author),
      rating: row.rating,
      body: row.body,
      createdAt: undatedReviews && row.undated ? null : row.createdAt,
    })),
    materials: world.materials.map((row) => ({
      lesson: title(row.lesson),
      title: row.title,
      type: row.type,
      description: row.description,
      url: row.url,
      file: row.file,
    })),
  })
}

const viewOfMock = (): View => {
  const { users, licences, categories, lessons, sessions, enrollments, payments } = mockDb
  const email = (id: number) => users.find((row) => row.id === id)?.email
  const title = (id: number) => lessons.find((row) => row.id === id)?.title
  const start = (id: number) => sessions.find((row) => row.id === id)?.start_time
  const time = (iso: string | undefined) => (iso === undefined ? null : Date.parse(iso))
  return view({
    licences: licences.map((row) => `${row.provider} ${row.accountEmail}`),
    categories: categories.map((row) => `${row.title} ${row.titleJp}`),
    accounts: users.map((row) => ({
      email: row.email,
      name: row.name,
      role: row.role,
      language: row.language,
      bio: row.description,
      confirmed: row.isEmailConfirmed,
      approved: row.role === 'educator' ? row.isValidated : null,
      licence: licences.find((licence) => licence.id === row.videoLicenceId)?.accountEmail ?? null,
    })),
    lessons: lessons.map((row) => ({
      title: row.title,
      owner: email(row.ownerId),
      category: categories.find((category) => category.id === row.categoryId)?.title,
      price: row.price_in_cents,
      slots: [row.min_slots, row.max_slots],
      about: row.about,
      details: row.details,
      cover: row.imageId !== null,
      createdAt: time(row.createdAt),
    })),
    sessions: sessions.map((row) => ({
      lesson: title(row.lessonId),
      times: [time(row.start_time), time(row.end_time)],
      timeZone: row.timezone,
      url: row.url,
    })),
    seats: enrollments.map((row) => ({
      start: time(start(row.sessionId)),
      lesson: title(row.lessonId),
      student: email(row.userId),
      paid: payments.some(
        (payment) => payment.sessionId === row.sessionId && payment.userId === row.userId,
      ),
    })),
    payments: payments.map((row) => ({
      student: email(row.userId),
      lesson: title(row.lessonId),
      start: time(start(row.sessionId)),
      order: [row.orderId, row.transactionId, row.status, row.amount_in_cents],
    })),
    reviews: mockDb.reviews.map((row) => ({
      lesson: title(row.lessonId),
      author: email(row.userId),
      rating: row.rating,
      body: row.body,
      createdAt: time(row.createdAt),
    })),
    materials: mockDb.resources.map((row) => {
      const file = mockDb.files.find((item) => item.id === row.fileId)
      return {
        lesson: title(row.lessonId),
        title: row.title,
        type: row.type,
        description: row.description,
        url: file ? null : row.url,
        file: file
          ? {
              filename: file.filename,
              contentType: file.contentType,
              text: new TextDecoder().decode(file.bytes),
            }
          : null,
      }
    }),
  })
}

const viewOfDatabase = async (stored: Map<string, Buffer>): Promise<View> => {
  const db = context.db
  const [licences, categories, users, lessons, sessions, seats, payments, reviews] =
    await Promise.all([
      db.select().from(schema.videoLicences),
      db.select().from(schema.categories),
      db.select().from(schema.users),
      db.select().from(schema.lessons),
      db.select().from(schema.lessonSessions),
      db.select().from(schema.enrollments),
      db.select().from(schema.payments),
      db.select().from(schema.reviews),
    ])
  const [resources, files] = await Promise.all([
    db.select().from(schema.resources),
    db.select().from(schema.files),
  ])
  const email = (id: number) => users.find((row) => row.id === id)?.email
  const title = (id: number) => lessons.find((row) => row.id === id)?.title
  const session = (id: number | null) => sessions.find((row) => row.id === id)
  return view({
    licences: licences.map((row) => `${row.provider} ${row.accountEmail}`),
    categories: categories.map((row) => `${row.title} ${row.titleJp}`),
    accounts: users.map((row) => ({
      email: row.email,
      name: row.name,
      role: row.role,
      language: row.language,
      bio: row.description,
      confirmed: row.emailConfirmedAt !== null,
      approved: row.role === 'educator' ? row.approvedAt !== null : null,
      licence: licences.find((licence) => licence.id === row.videoLicenceId)?.accountEmail ?? null,
    })),
    lessons: lessons.map((row) => ({
      title: row.title,
      owner: email(row.ownerId),
      category: categories.find((category) => category.id === row.categoryId)?.title,
      price: row.priceInCents,
      slots: [row.minSlots, row.maxSlots],
      about: row.about,
      details: row.details,
      cover: row.imageId !== null,
      createdAt: row.createdAt.getTime(),
    })),
    sessions: sessions.map((row) => ({
      lesson: title(row.lessonId),
      times: [row.startTime.getTime(), row.endTime.getTime()],
      timeZone: row.timezone,
      url: row.url,
    })),
    seats: seats.map((row) => ({
      start: session(row.sessionId)?.startTime.getTime(),
      lesson: title(session(row.sessionId)?.lessonId ?? 0),
      student: email(row.userId),
      paid: row.paymentId !== null,
    })),
    payments: payments.map((row) => ({
      student: email(row.userId),
      lesson: title(row.lessonId),
      start: session(row.sessionId)?.startTime.getTime(),
      order: [row.orderId, row.transactionId, row.status, row.amountInCents],
    })),
    reviews: reviews.map((row) => ({
      lesson: title(row.lessonId),
      author: email(row.authorId),
      rating: row.rating,
      body: row.body,
      createdAt: row.createdAt.getTime(),
    })),
    materials: resources.map((row) => {
      const file = files.find((item) => item.id === row.fileId)
      return {
        lesson: title(row.lessonId),
        title: row.title,
        type: row.type,
        description: row.description,
        url: file ? null : row.url,
        file: file
          ? {
              filename: file.filename,
              contentType: file.mimeType,
              text: stored.get(file.storageKey)?.toString('ascii'),
            }
          : null,
      }
    }),
  })
}

describe('the demo world', () => {
  it('is what the database seed stores, showcase included, and the mock without it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const now = Date.parse('2030-05-01T09:17:23.456Z')
    vi.setSystemTime(now)

    const stored = new Map<string, Buffer>()
    await seedDemoData(context.db, { put: async (key, bytes) => void stored.set(key, bytes) })
    mockDb.reset()

    const full = demoWorld(now, { showcase: true })
    const core = demoWorld(now, { showcase: false })
    expect(await viewOfDatabase(stored)).toEqual(viewOfWorld(full, { undatedReviews: false }))
    expect(viewOfMock()).toEqual(viewOfWorld(core, { undatedReviews: true }))
    // The showcase only adds: the mock's world is a part of the database's.
    const whole = viewOfWorld(full, { undatedReviews: false })
    const part = viewOfWorld(core, { undatedReviews: false })
    for (const key of PARTS) expect(whole[key]).toEqual(expect.arrayContaining(part[key]))
  })
})

describe("kenji's year of history (the showcase's reading circle)", () => {
  const KENJI = 'kenji@manabi.example'
  const kenjiIn = (world: DemoWorld) => {
    const position = world.accounts.findIndex((account) => account.email === KENJI)
    const approvedAt = world.accounts[position]?.approvedAt
    if (approvedAt == null) throw new Error('kenji is not approved in the demo world')
    return { position, anchor: { ruleFrom: approvedAt, approvedAt } }
  }
  /** Kenji's share of the payments captured in [from, to): a refunded one was given back at once. */
  const shareIn = (world: DemoWorld, kenji: number, from: number, to: number) =>
    world.payments
      .filter(
        (payment) =>
          world.lessons[payment.lesson]?.owner === kenji &&
          payment.status === 'success' &&
          payment.createdAt >= from &&
          payment.createdAt < to,
      )
      .reduce(
        (sum, payment) =>
          sum +
          feeShares(payment.amountInCents, DEFAULT_PLATFORM_FEE_PERCENT * 100).educatorShareInCents,
        0,
      )

  // A year of weeks, each at another hour, and the instants around a leap day and a new year.
  const instants = [
    ...Array.from({ length: 53 }, (_, week) => Date.UTC(2027, 0, 1) + week * (7 * DAY + 5 * HOUR)),
    Date.parse('2028-02-29T12:00:00Z'),
    Date.parse('2028-03-01T00:30:00Z'),
    Date.parse('2029-03-01T00:00:00Z'),
    Date.parse('2026-12-31T15:00:00Z'),
  ]

  it('meets the rule in every period judged so far, whenever the demo is seeded', () => {
    for (const now of instants) {
      const world = demoWorld(now, { showcase: true })
      const kenji = kenjiIn(world)
      const current = earningsRulePeriodAt(kenji.anchor, now)
      const seeded = new Date(now).toISOString()
      // More than a year since his approval: four periods judged before the current one.
      expect(current.index, seeded).toBe(4)
      for (let index = 1; index <= current.index; index += 1) {
        const period = earningsRulePeriod(kenji.anchor, index)
        const share = shareIn(world, kenji.position, period.start, Math.min(period.deadline, now))
        const earned = yenOfShareCents(share, DEFAULT_EARNINGS_USD_JPY)
        expect(
          meetsEarningsRule(earned, DEFAULT_EARNINGS_MIN_JPY),
          `${seeded}, period ${index}`,
        ).toBe(true)
      }
    }
  })

  it('is left out of the mock, where kenji is newly approved and exempt', () => {
    const now = Date.parse('2030-05-01T09:17:23.456Z')
    const world = demoWorld(now, { showcase: false })
    const kenji = kenjiIn(world)
    expect(earningsRulePeriodAt(kenji.anchor, now)).toMatchObject({ index: 0, exempt: true })
    // His approval, as every demo time, comes after his account's creation.
    expect(world.accounts[kenji.position]!.createdAt).toBeLessThan(kenji.anchor.approvedAt)
    expect(kenjiIn(demoWorld(now, { showcase: true })).anchor.approvedAt).toBeGreaterThan(
      world.accounts[kenji.position]!.createdAt,
    )
  })

  it('shows on his earnings: a share in each month before this one, the rule met, a refund', async () => {
    await seedDemoData(context.db, context.app.storage)
    const cookie = await signIn(context, { email: KENJI, password: DEMO_PASSWORD })
    const summary = bodyOf(await context.call(user.myEarningsSummary, { cookie }))
    expect(summary.months).toHaveLength(12)
    for (const month of summary.months.slice(0, -1)) {
      expect(month.shareCents, month.month).toBeGreaterThan(0)
    }
    expect(summary.rule).toMatchObject({ exempt: false, met: true })
    const lines = bodyOf(await context.call(user.myEarnings, { cookie, query: { take: 100 } }))
    expect(lines.data.filter((line) => line.kind === 'refund')).toEqual([
      expect.objectContaining({
        lessonTitle: '日本語読書会 (Japanese Reading Circle)',
        studentFirstName: 'Tom',
        refundReason: 'unenrolled',
      }),
    ])
  })
})

describe('textPdf', () => {
  it('writes a cross-reference table that points at each object', () => {
    const pdf = textPdf('Title (1)', ['a line', 'back\\slash'])
    const [, count, entries] = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(pdf) ?? []
    const offsets = (entries ?? '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.slice(0, 10)))
    expect(offsets).toHaveLength(Number(count) - 1)
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true)
    })
    expect(pdf.slice(Number(/startxref\n(\d+)/.exec(pdf)?.[1])).startsWith('xref\n')).toBe(true)
    expect(pdf).toContain('(Title \\(1\\)) Tj')
    expect(() => textPdf('ひらがな', [])).toThrow('ASCII')
  })
})
