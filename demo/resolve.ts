import { DEFAULT_SEAT_DECISION_HOURS, sessionPriceInCents } from '../contract/rules.ts'
import { decisionInstant } from '../contract/seats.ts'
import {
  ACCOUNTS,
  CATEGORIES,
  DAY,
  HOUR,
  LESSONS,
  LICENCES,
  MIN_SLOTS,
  PAYMENTS,
  type AccountKey,
  type DemoFile,
  type DemoSession,
  type Language,
  type ResourceType,
  type Role,
  type VideoProvider,
} from './world.ts'

/**
 * The demo world as flat records a seed maps to its rows: times are epoch milliseconds placed
 * around `now`, and a reference to another record is its position (from 0) in its list, so a
 * backend that numbers rows 1, 2, 3… in list order gets ids that are positions + 1.
 */
export interface DemoWorld {
  licences: { provider: VideoProvider; accountEmail: string }[]
  categories: { key: string; title: string; titleJp: string }[]
  accounts: WorldAccount[]
  lessons: WorldLesson[]
  sessions: WorldSession[]
  seats: WorldSeat[]
  payments: WorldPayment[]
  reviews: WorldReview[]
  materials: WorldMaterial[]
}

export interface WorldAccount {
  key: AccountKey
  name: string
  email: string
  role: Role
  bio: string | null
  language: Language
  emailConfirmedAt: number | null
  /** When an admin approved the educator; null for an educator awaiting approval and non-educators. */
  approvedAt: number | null
  licence: number | null
  createdAt: number
}

export interface WorldLesson {
  key: string
  owner: number
  category: number
  title: string
  about: string
  details: string
  priceInCents: number
  minSlots: number
  maxSlots: number
  coverHue: number | null
  createdAt: number
}

export interface WorldSession {
  key: string | null
  lesson: number
  owner: number
  start: number
  end: number
  timeZone: string
  url: string
  /** Pending (decided at `decisionAt`), or unconditional (`decisionAt` null). */
  decision: 'pending' | 'unconditional'
  decisionAt: number | null
  createdAt: number
}

/** A student's seat in a session (an enrollment). */
export interface WorldSeat {
  session: number
  lesson: number
  student: number
  createdAt: number
}

export interface WorldPayment {
  /** The seat it paid for; null once refunded (the student gave the seat back). */
  seat: number | null
  student: number
  lesson: number
  session: number
  orderId: string
  transactionId: string
  status: 'success' | 'refunded'
  refundReason: 'unenrolled' | null
  amountInCents: number
  createdAt: number
}

export interface WorldReview {
  lesson: number
  author: number
  rating: number
  body: string
  /** See `DemoReview.undated`: `createdAt` is still given for storage that needs a date. */
  undated: boolean
  createdAt: number
}

export interface WorldMaterial {
  key: string
  lesson: number
  owner: number
  title: string
  type: ResourceType
  description: string
  /** A link's address; null for a file, which is served from its own download path. */
  url: string | null
  file: DemoFile | null
}

/** The position of the first item that matches, and the item. */
const entryOf = <T>(
  list: readonly T[],
  matches: (item: T) => boolean,
  what: string,
): [number, T] => {
  const position = list.findIndex(matches)
  const item = list[position]
  if (item === undefined) throw new Error(`The demo world has no ${what}`)
  return [position, item]
}
const positionOf = <T>(list: readonly T[], matches: (item: T) => boolean, what: string) =>
  entryOf(list, matches, what)[0]

/** Scheduled sessions start on the hour, as an educator would plan them. */
const startOf = (now: number, session: DemoSession) => {
  const start = now + session.start
  return session.exact ? start : Math.floor(start / HOUR) * HOUR
}

/**
 * The demo world seeded at `now`. `showcase` keeps the entries marked so (the server's seed);
 * without it they are left out (the mock catalogue).
 */
export const demoWorld = (now: number, { showcase }: { showcase: boolean }): DemoWorld => {
  const kept = <T extends { showcase?: boolean }>(item: T) => showcase || !item.showcase

  const licences = LICENCES.filter(kept).map(({ provider, accountEmail }) => ({
    provider,
    accountEmail,
  }))
  const categories = CATEGORIES.map(({ key, title, titleJp }) => ({ key, title, titleJp }))
  const accountAt = (key: AccountKey) => positionOf(ACCOUNTS, (item) => item.key === key, key)

  const accounts = ACCOUNTS.map((account, index): WorldAccount => {
    // The admin is the oldest account, the unconfirmed student the newest; all are older than
    // the longest history an educator has.
    const createdAt = now - (420 - index) * DAY
    const approvedDaysAgo =
      (showcase ? account.showcaseApprovedDaysAgo : undefined) ?? account.approvedDaysAgo ?? 45
    return {
      key: account.key,
      name: account.name,
      email: account.email,
      role: account.role,
      bio: account.bio ?? null,
      language: account.language ?? 'en-US',
      emailConfirmedAt: account.confirmed === false ? null : createdAt + HOUR,
      approvedAt:
        account.role === 'educator' && account.approved !== false
          ? // On the hour, as session times are, so both seeds count the rule's periods alike.
            Math.floor((now - approvedDaysAgo * DAY) / HOUR) * HOUR
          : null,
      licence: account.teaches
        ? positionOf(
            licences,
            (licence) => licence.accountEmail === account.teaches?.licence,
            `licence ${account.teaches.licence}`,
          )
        : null,
      createdAt,
    }
  })

  const world: DemoWorld = {
    licences,
    categories,
    accounts,
    lessons: [],
    sessions: [],
    seats: [],
    payments: [],
    reviews: [],
    materials: [],
  }
  const sessionKeys = new Map<string, number>()

  LESSONS.forEach((lesson, index) => {
    if (!kept(lesson)) return
    const teaches = ACCOUNTS.find((account) => account.key === lesson.owner)?.teaches
    if (!teaches) throw new Error(`${lesson.owner} holds no licence to teach ${lesson.title}`)
    const owner = accountAt(lesson.owner)
    // Each lesson is created a day after the previous one, unless it says when.
    const createdAt = now - (lesson.createdDaysAgo ?? 30 - index) * DAY
    const position =
      world.lessons.push({
        key: lesson.key,
        owner,
        category: positionOf(categories, (item) => item.key === lesson.category, lesson.category),
        title: lesson.title,
        about: lesson.about,
        details: lesson.details,
        priceInCents: lesson.priceInCents,
        minSlots: MIN_SLOTS,
        maxSlots: lesson.maxSlots,
        coverHue: lesson.coverHue ?? null,
        createdAt,
      }) - 1

    for (const session of lesson.sessions) {
      const start = startOf(now, session)
      const sessionPosition =
        world.sessions.push({
          key: session.key ?? null,
          lesson: position,
          owner,
          start,
          end: start + session.length,
          timeZone: teaches.timeZone,
          url: teaches.room,
          decision: session.pending ? 'pending' : 'unconditional',
          decisionAt: session.pending ? decisionInstant(start, DEFAULT_SEAT_DECISION_HOURS) : null,
          createdAt,
        }) - 1
      if (session.key) sessionKeys.set(session.key, sessionPosition)
      for (const student of session.enrolled ?? []) {
        world.seats.push({
          session: sessionPosition,
          lesson: position,
          student: accountAt(student),
          // A week before the session, or before now when it has started.
          createdAt: Math.min(start, now) - 7 * DAY,
        })
      }
    }

    // Written the day after the lesson's first session, an hour apart, never in the future.
    const first = lesson.sessions[0]
    const writtenAt = first ? startOf(now, first) + DAY : now
    lesson.reviews?.forEach((review, order) => {
      if (!kept(review)) return
      world.reviews.push({
        lesson: position,
        author: accountAt(review.author),
        rating: review.rating,
        body: review.body,
        undated: review.undated ?? false,
        createdAt: Math.min(writtenAt + order * HOUR, now),
      })
    })

    for (const material of lesson.materials ?? []) {
      world.materials.push({
        key: material.key,
        lesson: position,
        owner,
        title: material.title,
        type: material.type,
        description: material.description,
        url: material.type === 'link' ? material.url : null,
        file: material.type === 'link' ? null : material.file,
      })
    }
  })

  for (const payment of PAYMENTS.filter(kept)) {
    const session = sessionKeys.get(payment.session)
    const student = accountAt(payment.student)
    const booked = session === undefined ? undefined : world.sessions[session]
    const lesson = booked && world.lessons[booked.lesson]
    if (session === undefined || !booked || !lesson) {
      throw new Error(`The payment of ${payment.student} points nowhere`)
    }
    const amountInCents = sessionPriceInCents(
      lesson.priceInCents,
      new Date(booked.start).toISOString(),
      new Date(booked.end).toISOString(),
    )
    const common = {
      student,
      lesson: booked.lesson,
      session,
      orderId: payment.orderId,
      transactionId: payment.transactionId,
      amountInCents,
    }
    if (payment.refunded) {
      world.payments.push({
        ...common,
        seat: null,
        status: 'refunded',
        refundReason: 'unenrolled',
        // A seat of a session that has ended was paid for a week before it, as the seats kept
        // were; one in a session to come, when the session was put up. Given back since.
        createdAt: booked.end <= now ? booked.start - 7 * DAY : booked.createdAt,
      })
      continue
    }
    const [seatPosition, seat] = entryOf(
      world.seats,
      (item) => item.session === session && item.student === student,
      `seat of ${payment.student} in the session ${payment.session}`,
    )
    world.payments.push({
      ...common,
      seat: seatPosition,
      status: 'success',
      refundReason: null,
      createdAt: seat.createdAt,
    })
  }

  return world
}
