import { and, avg, count, desc, eq, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import { roundRating } from '../../../contract/rules.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { lessons, reviews, users } from '../db/schema.ts'
import { ConflictError, found } from '../domain/errors.ts'
import { builtOnce } from './built-once.ts'
import { hasSeatInLesson, seatsAttendedBy } from './student-seats.ts'
import { countedPage, countOf } from './counted-page.ts'

/** A review with its author's name and its lesson's title. */
export interface ReviewRecord {
  review: typeof reviews.$inferSelect
  authorName: string
  lessonTitle: string
}

/** Whether the id is an educator's (approved or not): only an educator has reviews. */
export const isEducator = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'educator')))
    .limit(1)
  return row !== undefined
}

const selectReviewRecords = (db: Executor) =>
  db
    .select({ review: reviews, authorName: users.name, lessonTitle: lessons.title })
    .from(reviews)
    .innerJoin(lessons, eq(lessons.id, reviews.lessonId))
    .innerJoin(users, eq(users.id, reviews.authorId))

/** Reviews of every lesson the educator owns, newest first, one page. */
export const listEducatorReviews = async (
  db: Executor,
  educatorId: number,
  page: PageRequest,
): Promise<{ records: ReviewRecord[]; itemCount: number }> => {
  const rows = selectReviewRecords(db)
    .where(eq(lessons.ownerId, educatorId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.take)
    .offset(page.offset)
  return countedPage(page, rows.execute(), () =>
    countOf(
      db
        .select({ count: count() })
        .from(reviews)
        .innerJoin(lessons, eq(lessons.id, reviews.lessonId))
        .where(eq(lessons.ownerId, educatorId)),
    ),
  )
}

/** The mean rating of the educator's lessons, to one decimal (§9), and how many reviews. */
export const averageScoreOf = async (db: Executor, educatorId: number) => {
  const [row] = await db
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .innerJoin(lessons, eq(lessons.id, reviews.lessonId))
    .where(eq(lessons.ownerId, educatorId))
  const average = row?.average === null || row?.average === undefined ? 0 : Number(row.average)
  return { average: roundRating(average), count: row?.count ?? 0 }
}

/** An author's reviews of lessons (an array of ids), written once: a student's history reads it. */
const reviewsByAuthor = builtOnce('reviews_by_author', (db) =>
  selectReviewRecords(db).where(
    and(
      eq(reviews.authorId, sql.placeholder('author')),
      eq(reviews.lessonId, sql`any(${sql.placeholder('lessons')}::int[])`),
    ),
  ),
)

/** The author's reviews of the given lessons, by lesson id. */
export const findReviewsByAuthor = async (db: Executor, authorId: number, lessonIds: number[]) => {
  if (lessonIds.length === 0) return new Map<number, ReviewRecord>()
  const records = await reviewsByAuthor(db, { author: authorId, lessons: lessonIds })
  return new Map(records.map((record) => [record.review.lessonId, record]))
}

/**
 * Whether the student attended the lesson: a seat not given back (cancelled) in one of its
 * sessions that has ended by `now` (a session ending exactly now has ended).
 */
export const hasAttended = (db: Executor, studentId: number, lessonId: number, now: Date) =>
  hasSeatInLesson(db, lessonId, seatsAttendedBy(studentId, now))

export const hasReviewed = async (db: Executor, authorId: number, lessonId: number) => {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.authorId, authorId), eq(reviews.lessonId, lessonId)))
    .limit(1)
  return row !== undefined
}

/**
 * Stores a review and answers it with its author and lesson. One review per student and lesson:
 * a second one, even one racing the first past the service's check, is a conflict (the unique
 * index decides).
 */
export const insertReview = async (
  db: Executor,
  values: { lessonId: number; authorId: number; body: string; rating: number },
): Promise<ReviewRecord> => {
  let id: number
  try {
    const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id })
    id = found(row, 'Review').id
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) {
      throw new ConflictError(MESSAGES.reviews.alreadyReviewed)
    }
    throw error
  }
  const [record] = await selectReviewRecords(db).where(eq(reviews.id, id)).limit(1)
  return found(record, 'Review')
}
