import type {
  CatalogueLesson,
  Category,
  HistoryEntry,
  Lesson,
  OwnLesson,
  Review,
  Session,
  UpcomingSession,
} from '../../../contract/entities.ts'
import { lessonImagePath } from '../../../contract/files.ts'
import {
  canSeeMeetingLink,
  roundRating,
  sessionPriceInCents,
  sessionTypeFor,
} from '../../../contract/rules.ts'
import type {
  CatalogueLessonRecord,
  CategoryRow,
  LessonRecord,
  OwnLessonRecord,
} from '../repositories/lessons.ts'
import { isClosedTo, seatsLeft, seatsNeeded } from '../../../contract/seats.ts'
import type { ReviewRecord } from '../repositories/reviews.ts'
import type { SessionRecord } from '../repositories/sessions.ts'

/** Who looks at a session: a signed-in user, or null for a guest. */
export type Viewer = { id: number } | null

export const toLesson = ({ lesson, category, owner, availableSessions }: LessonRecord): Lesson => ({
  id: lesson.id,
  title: lesson.title,
  category: { id: category.id, title: category.title, titleJp: category.titleJp },
  categoryId: lesson.categoryId,
  price_in_cents: lesson.priceInCents,
  about: lesson.about,
  details: lesson.details,
  owner: { id: owner.id, name: owner.name, description: owner.description },
  imageId: lesson.imageId,
  imageUrl: lesson.imageId === null ? null : lessonImagePath(lesson.id),
  min_slots: lesson.minSlots,
  max_slots: lesson.maxSlots,
  links: lesson.links.map(({ title, description, url }) => ({ title, description, url })),
  availableSessions,
  createdAt: lesson.createdAt.toISOString(),
})

/** A lesson of the catalogue, with its educator's rating and its next session open to enroll. */
export const toCatalogueLesson = (record: CatalogueLessonRecord): CatalogueLesson => ({
  ...toLesson(record),
  rating: {
    average: record.ratingAverage === null ? null : roundRating(record.ratingAverage),
    count: record.ratingCount,
  },
  nextSession: record.nextSession && {
    id: record.nextSession.id,
    start_time: record.nextSession.startTime.toISOString(),
    end_time: record.nextSession.endTime.toISOString(),
    timezone: record.nextSession.timezone,
    availableSlots: record.nextSession.seatsLeft,
  },
})

/** One of the caller's own lessons, with its counts over the sessions that have not ended. */
export const toOwnLesson = (record: OwnLessonRecord): OwnLesson => ({
  ...toLesson(record),
  upcomingSessions: record.upcomingSessions,
  seatsTaken: record.seatsTaken,
  seatsTotal: record.seatsTotal,
})

/**
 * A session as one viewer (null for a guest) sees it: its type, and the meeting link only for
 * the owner and, inside the join window, an enrolled student.
 */
export const toSession = (record: SessionRecord, viewer: Viewer, now: Date): Session => {
  const { session } = record
  const times = {
    start_time: session.startTime.toISOString(),
    end_time: session.endTime.toISOString(),
  }
  const who = {
    enrolled: viewer !== null && record.viewerEnrolled,
    owner: viewer !== null && viewer.id === record.lessonOwnerId,
  }
  // Every hold counts, the viewer's too: a buyer sees the seat they hold go while they pay, and
  // the session stays open to them to finish paying. A cancelled session has no seat to offer.
  const cancelled = session.decision === 'cancelled'
  const availableSlots = cancelled
    ? 0
    : seatsLeft({ maxSlots: record.maxSlots, seated: record.enrolledCount, held: record.heldCount })
  return {
    id: session.id,
    lessonId: session.lessonId,
    type: sessionTypeFor(times, who, now),
    ...times,
    timezone: session.timezone,
    url: canSeeMeetingLink(times, who, now) ? session.url : null,
    availableSlots,
    enrolledCount: record.enrolledCount,
    fullPrice: sessionPriceInCents(record.priceInCents, times.start_time, times.end_time),
    paidPrice: who.enrolled ? record.viewerPaidCents : null,
    disabled: isClosedTo({
      cancelled,
      seatsLeft: availableSlots,
      educatorDeactivated: record.ownerDeactivated,
      enrolled: who.enrolled,
      holding: viewer !== null && record.viewerHolding,
    }),
    educatorDeactivated: record.ownerDeactivated,
    decision: session.decision,
    decidesAt: session.decision === 'pending' ? (session.decisionAt?.toISOString() ?? null) : null,
    seatsNeeded: seatsNeeded({
      decision: session.decision,
      enrolled: record.enrolledCount,
      minSlots: record.minSlots,
    }),
    waitingCount: record.waitingCount,
    waitlistPlace:
      viewer === null || record.viewerPosition === null
        ? null
        : {
            sessionId: session.id,
            position: record.viewerPosition,
            offeredUntil:
              record.viewerOfferedUntil === null
                ? null
                : new Date(record.viewerOfferedUntil).toISOString(),
          },
  }
}

export const toReview = ({ review, authorName, lessonTitle }: ReviewRecord): Review => ({
  id: review.id,
  body: review.body,
  rating: review.rating,
  author: { id: review.authorId, name: authorName },
  lessonId: review.lessonId,
  lessonTitle,
  createdAt: review.createdAt.toISOString(),
})

export const toUpcomingSession = (
  lesson: LessonRecord,
  session: SessionRecord,
  viewer: NonNullable<Viewer>,
  now: Date,
): UpcomingSession => ({ lesson: toLesson(lesson), session: toSession(session, viewer, now) })

export const toHistoryEntry = (
  lesson: LessonRecord,
  lastSessionEnd: Date,
  review: ReviewRecord | undefined,
): HistoryEntry => ({
  lesson: toLesson(lesson),
  lastSessionEnd: lastSessionEnd.toISOString(),
  status: review ? 'reviewed' : 'toReview',
  review: review ? toReview(review) : null,
})

export const toCategory = ({ id, title, titleJp }: CategoryRow): Category => ({
  id,
  title,
  titleJp,
})
