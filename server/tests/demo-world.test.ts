import { afterEach, describe, expect, it, vi } from 'vitest'
import { textPdf } from '../../demo/pdf.ts'
import { demoWorld, type DemoWorld } from '../../demo/resolve.ts'
import { db as mockDb } from '../../src/mocks/db.ts'
import { seedDemoData } from '../src/db/seed.ts'
import * as schema from '../src/db/schema.ts'
import { setupTestApp } from './helpers.ts'

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
