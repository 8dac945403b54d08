import type {
  AdminUser,
  CatalogueLesson,
  Category,
  CurrentUser,
  HistoryEntry,
  Lesson,
  OwnLesson,
  Payment,
  Resource,
  Review,
  Session,
  PoolLicence,
  VideoLicence,
} from '@contract/entities'
import { lessonImagePath } from '@contract/files'
import {
  canSeeMeetingLink,
  roundRating,
  sessionPriceInCents,
  sessionTypeFor,
} from '@contract/rules'
import { holdsSeat, isClosedTo, refundOwed, seatsLeft, seatsNeeded } from '@contract/seats'
import { toAdminUser as adminUserOf, toCurrentUser as currentUserOf } from '@contract/users'
import {
  db,
  type DbLesson,
  type DbLicence,
  type DbPayment,
  type DbResource,
  type DbReview,
  type DbSession,
  type DbUser,
  timeZoneOf,
} from './db'
import { capturedAtOf, earningsRuleOf } from './earnings'
import { ownerDeactivated, reviewsOfEducator } from './queries'
import { holdsOffer, isInLine, placeOf, positionOf } from './seats'

/** Who is looking: a signed-in user, or null for a guest. */
export type Viewer = DbUser | null

const licenceOf = (user: DbUser): VideoLicence | null => {
  const licence = db.licences.find((row) => row.id === user.videoLicenceId)
  return licence
    ? { id: licence.id, provider: licence.provider, accountEmail: licence.accountEmail }
    : null
}

/** Sessions of the user's lessons that have not ended yet. */
export const upcomingSessionCount = (userId: number) => {
  const lessonIds = new Set(
    db.lessons.filter((lesson) => lesson.ownerId === userId).map((lesson) => lesson.id),
  )
  const now = Date.now()
  return db.sessions.filter(
    (session) => lessonIds.has(session.lessonId) && Date.parse(session.end_time) > now,
  ).length
}

export const toPoolLicence = (licence: DbLicence): PoolLicence => {
  const holder = db.users.find((user) => user.videoLicenceId === licence.id)
  return {
    id: licence.id,
    provider: licence.provider,
    accountEmail: licence.accountEmail,
    holder: holder ? { id: holder.id, name: holder.name, email: holder.email } : null,
    createdAt: licence.createdAt,
  }
}

/** The account's deactivation as the API shows it. */
const deactivationOf = (user: DbUser): CurrentUser['deactivation'] =>
  user.deactivatedAt === null ? null : { at: user.deactivatedAt, reason: 'earningsRule' }

const accountOf = (user: DbUser) => ({
  ...user,
  timezone: timeZoneOf(user),
  videoLicence: licenceOf(user),
  deactivation: deactivationOf(user),
})

export const toCurrentUser = (user: DbUser): CurrentUser => currentUserOf(accountOf(user))

export const toAdminUser = (user: DbUser, now = Date.now()): AdminUser =>
  adminUserOf(accountOf(user), {
    createdAt: user.createdAt,
    upcomingSessionCount: upcomingSessionCount(user.id),
    earningsRule: earningsRuleOf(user, now),
  })

const categoryOf = (categoryId: number): Category => {
  const category = db.categories.find((row) => row.id === categoryId)
  return category ? { ...category } : { id: categoryId, title: 'Unknown', titleJp: '不明' }
}

export const enrolledCount = (sessionId: number) =>
  db.enrollments.filter((row) => row.sessionId === sessionId).length

export const isEnrolled = (userId: number | undefined, sessionId: number) =>
  db.enrollments.some((row) => row.userId === userId && row.sessionId === sessionId)

export const lessonOf = (session: DbSession) =>
  db.lessons.find((lesson) => lesson.id === session.lessonId)

/** A payment still holding a seat at `now` (contract/seats.ts holdsSeat). */
export const paymentHolds = (payment: DbPayment, now = Date.now()) =>
  holdsSeat(
    {
      status: payment.status,
      holdExpiresAt: payment.holdExpiresAt === null ? null : Date.parse(payment.holdExpiresAt),
    },
    now,
  )

/**
 * Seats held for anyone but `viewerId` (a seat held for the viewer is theirs): by open payments,
 * and by waitlist offers that have not ended.
 */
const heldByOthers = (sessionId: number, viewerId: number | undefined, now: number) =>
  db.payments.filter(
    (payment) =>
      payment.sessionId === sessionId && payment.userId !== viewerId && paymentHolds(payment, now),
  ).length +
  db.waitlist.filter(
    (place) => place.sessionId === sessionId && place.userId !== viewerId && holdsOffer(place, now),
  ).length

/** Seats taken in the session at `now`: students seated and seats held for anyone. */
export const seatsTakenIn = (session: DbSession, now = Date.now()) =>
  enrolledCount(session.id) + heldByOthers(session.id, undefined, now)

/** Seats left as `viewerId` sees them (everyone's holds count when no viewer is named). */
export const seatsLeftFor = (session: DbSession, viewerId?: number, now = Date.now()) =>
  seatsLeft({
    maxSlots: lessonOf(session)?.max_slots ?? 0,
    seated: enrolledCount(session.id),
    held: heldByOthers(session.id, viewerId, now),
  })

/** What the seat decisions know of the session itself: its start, and whether it was cancelled. */
export const sessionFacts = (session: DbSession) => ({
  startsAt: Date.parse(session.start_time),
  cancelled: session.decision === 'cancelled',
})

export const fullPriceOf = (session: DbSession) =>
  sessionPriceInCents(lessonOf(session)?.price_in_cents ?? 0, session.start_time, session.end_time)

/** The viewer's place in the session's line, as its answer shows it; null when not in it. */
const placeFor = (sessionId: number, viewerId: number | undefined, now: number) => {
  const place = viewerId === undefined ? undefined : placeOf(sessionId, viewerId)
  if (!place) return null
  return {
    sessionId,
    position: positionOf(place),
    offeredUntil: holdsOffer(place, now) ? place.offerExpiresAt : null,
  }
}

/** What the user's seat was paid and unenrolling would refund (refundOwed), or null. */
const paidForSeat = (sessionId: number, userId: number | undefined) => {
  const paid = db.payments.find(
    (payment) =>
      payment.sessionId === sessionId &&
      payment.userId === userId &&
      refundOwed({ status: payment.status, amountInCents: payment.amount_in_cents }) > 0,
  )
  return paid ? paid.amount_in_cents : null
}

export const toSession = (session: DbSession, viewer: Viewer, now = new Date()): Session => {
  const lesson = lessonOf(session)
  const who = {
    enrolled: isEnrolled(viewer?.id, session.id),
    owner: viewer !== null && lesson?.ownerId === viewer.id,
  }
  // Every hold counts, the viewer's too: a buyer sees the seat they hold go while they pay, and
  // the session stays open to them to finish paying. A cancelled session has no seat to offer.
  const cancelled = session.decision === 'cancelled'
  const availableSlots = cancelled ? 0 : seatsLeftFor(session, undefined, now.getTime())
  const educatorDeactivated = ownerDeactivated(session)
  const viewerHolding =
    db.payments.some(
      (payment) =>
        payment.sessionId === session.id &&
        payment.userId === viewer?.id &&
        paymentHolds(payment, now.getTime()),
    ) ||
    db.waitlist.some(
      (place) =>
        place.sessionId === session.id &&
        place.userId === viewer?.id &&
        holdsOffer(place, now.getTime()),
    )
  return {
    id: session.id,
    lessonId: session.lessonId,
    type: sessionTypeFor(session, who, now),
    start_time: session.start_time,
    end_time: session.end_time,
    timezone: session.timezone,
    url: canSeeMeetingLink(session, who, now) ? session.url : null,
    availableSlots,
    enrolledCount: enrolledCount(session.id),
    fullPrice: fullPriceOf(session),
    paidPrice: who.enrolled ? paidForSeat(session.id, viewer?.id) : null,
    disabled: isClosedTo({
      cancelled,
      seatsLeft: availableSlots,
      educatorDeactivated,
      enrolled: who.enrolled,
      holding: viewerHolding,
    }),
    educatorDeactivated,
    decision: session.decision,
    decidesAt: session.decision === 'pending' ? session.decisionAt : null,
    seatsNeeded: seatsNeeded({
      decision: session.decision,
      enrolled: enrolledCount(session.id),
      minSlots: lesson?.min_slots ?? 0,
    }),
    waitingCount: db.waitlist.filter((place) => place.sessionId === session.id && isInLine(place))
      .length,
    waitlistPlace: placeFor(session.id, viewer?.id, now.getTime()),
  }
}

/** A session of the lesson a new student can still book: not started, not cancelled, a seat free. */
const isOpenToEnroll = (session: DbSession, lesson: DbLesson, now: number) =>
  session.lessonId === lesson.id &&
  Date.parse(session.start_time) > now &&
  session.decision !== 'cancelled' &&
  seatsLeftFor(session, undefined, now) > 0

export const toLesson = (lesson: DbLesson, now = Date.now()): Lesson => {
  const owner = db.users.find((user) => user.id === lesson.ownerId)
  const availableSessions = db.sessions.filter((session) =>
    isOpenToEnroll(session, lesson, now),
  ).length
  return {
    id: lesson.id,
    title: lesson.title,
    category: categoryOf(lesson.categoryId),
    categoryId: lesson.categoryId,
    price_in_cents: lesson.price_in_cents,
    about: lesson.about,
    details: lesson.details,
    owner: {
      id: lesson.ownerId,
      name: owner?.name ?? 'Unknown',
      description: owner?.description ?? null,
    },
    imageId: lesson.imageId,
    imageUrl: lesson.imageId === null ? null : lessonImagePath(lesson.id),
    min_slots: lesson.min_slots,
    max_slots: lesson.max_slots,
    links: lesson.links.map((link) => ({ ...link })),
    availableSessions,
    createdAt: lesson.createdAt,
  }
}

/**
 * A lesson of the catalogue, as the server lists it: its educator's rating (null average before
 * the first review) and its soonest session that has not started and still has a seat.
 */
export const toCatalogueLesson = (lesson: DbLesson, now = Date.now()): CatalogueLesson => {
  const ratings = reviewsOfEducator(lesson.ownerId).map((review) => review.rating)
  const total = ratings.reduce((sum, rating) => sum + rating, 0)
  const next = db.sessions
    .filter((session) => isOpenToEnroll(session, lesson, now))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id)[0]
  return {
    ...toLesson(lesson, now),
    rating: {
      average: ratings.length === 0 ? null : roundRating(total / ratings.length),
      count: ratings.length,
    },
    nextSession: next
      ? {
          id: next.id,
          start_time: next.start_time,
          end_time: next.end_time,
          timezone: next.timezone,
          availableSlots: seatsLeftFor(next, undefined, now),
        }
      : null,
  }
}

/**
 * One of the educator's own lessons, with its counts over the sessions that have not ended (nor
 * were cancelled for too few students).
 */
export const toOwnLesson = (lesson: DbLesson, now = Date.now()): OwnLesson => {
  const upcoming = db.sessions.filter(
    (session) =>
      session.lessonId === lesson.id &&
      Date.parse(session.end_time) > now &&
      session.decision !== 'cancelled',
  )
  return {
    ...toLesson(lesson, now),
    upcomingSessions: upcoming.length,
    seatsTaken: upcoming.reduce((sum, session) => sum + enrolledCount(session.id), 0),
    seatsTotal: upcoming.length * lesson.max_slots,
  }
}

export const toReview = (review: DbReview): Review => {
  const author = db.users.find((user) => user.id === review.userId)
  const lesson = db.lessons.find((row) => row.id === review.lessonId)
  return {
    id: review.id,
    body: review.body,
    rating: review.rating,
    author: { id: review.userId, name: author?.name ?? 'Unknown' },
    lessonId: review.lessonId,
    lessonTitle: lesson?.title ?? '',
    ...(review.createdAt === undefined ? {} : { createdAt: review.createdAt }),
  }
}

export const toResource = (resource: DbResource): Resource => ({ ...resource })

export const toPayment = (payment: DbPayment): Payment => {
  const session = db.sessions.find((row) => row.id === payment.sessionId)
  const lesson = db.lessons.find((row) => row.id === payment.lessonId)
  return {
    id: payment.id,
    transactionId: payment.transactionId,
    orderId: payment.orderId,
    status: payment.status,
    amount_in_cents: payment.amount_in_cents,
    currency: 'USD',
    lessonId: payment.lessonId,
    lessonTitle: lesson?.title ?? '',
    sessionId: session ? session.id : null,
    sessionStart: session ? session.start_time : null,
    holdExpiresAt: payment.status === 'processing' ? payment.holdExpiresAt : null,
    refundReason: payment.refundReason,
    createdAt: payment.createdAt,
    paidAt: capturedAtOf(payment),
  }
}

export const toHistoryEntry = (
  lesson: DbLesson,
  lastSessionEnd: string,
  review: DbReview | undefined,
): HistoryEntry => ({
  lesson: toLesson(lesson),
  lastSessionEnd,
  status: review ? 'reviewed' : 'toReview',
  review: review ? toReview(review) : null,
})
