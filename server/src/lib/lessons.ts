import type { PageMeta, Paginated } from '../../../contract/common.ts'
import type {
  HistoryEntry,
  Lesson,
  Review,
  Session,
  UpcomingSession,
} from '../../../contract/entities.ts'
import { canSeeMeetingLink, sessionPriceInCents, sessionTypeFor } from '../../../contract/rules.ts'
import type { categories, lessons, lessonSessions, reviews } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'

/** A lesson row with what its answer needs from other tables, as the lessons repository reads it. */
export interface LessonRecord {
  lesson: typeof lessons.$inferSelect
  category: typeof categories.$inferSelect
  owner: { id: number; name: string; description: string | null }
  /** Sessions not started yet that still have a free seat. */
  availableSessions: number
}

/** A session row with its lesson's terms, its seat count and whether the viewer holds a seat. */
export interface SessionRecord {
  session: typeof lessonSessions.$inferSelect
  lessonOwnerId: number
  priceInCents: number
  maxSlots: number
  enrolledCount: number
  viewerEnrolled: boolean
}

export interface ReviewRecord {
  review: typeof reviews.$inferSelect
  authorName: string
  lessonTitle: string
}

/** The path the SPA shows a lesson's cover from, relative to the API base. */
export const lessonImagePath = (lessonId: number) => `/lessons/${lessonId}/image`

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

/**
 * A session as one viewer (null for a guest) sees it: its type, and the meeting link only for
 * the owner and, inside the join window, an enrolled student.
 */
export const toSession = (record: SessionRecord, viewer: AuthUser | null, now: Date): Session => {
  const { session } = record
  const times = {
    start_time: session.startTime.toISOString(),
    end_time: session.endTime.toISOString(),
  }
  const who = {
    enrolled: viewer !== null && record.viewerEnrolled,
    owner: viewer !== null && viewer.id === record.lessonOwnerId,
  }
  const availableSlots = Math.max(0, record.maxSlots - record.enrolledCount)
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
    disabled: availableSlots === 0 && !who.enrolled,
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
  viewer: AuthUser,
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

/** The page a list call asks for: page 1 and the endpoint's own page size unless told. */
export interface PageRequest {
  page: number
  take: number
  offset: number
}

export const pageRequest = (
  query: { page?: number | undefined; take?: number | undefined },
  defaultTake: number,
): PageRequest => {
  const page = query.page ?? 1
  const take = query.take ?? defaultTake
  return { page, take, offset: (page - 1) * take }
}

/** `{ data, meta }` as every list endpoint answers it; a page past the last one is empty. */
export const toPage = <T>(data: T[], request: PageRequest, itemCount: number): Paginated<T> => {
  const pageCount = Math.ceil(itemCount / request.take)
  const meta: PageMeta = {
    page: request.page,
    take: request.take,
    itemCount,
    pageCount,
    hasNextPage: request.page < pageCount,
  }
  return { data, meta }
}
