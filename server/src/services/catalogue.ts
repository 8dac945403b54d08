import type { Paginated } from '../../../contract/common.ts'
import type {
  CatalogueLesson,
  Category,
  Lesson,
  Review,
  Session,
} from '../../../contract/entities.ts'
import type { LessonListQuery } from '../../../contract/endpoints/lessons.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { found } from '../domain/errors.ts'
import {
  findLessonRecord,
  findLessonRow,
  listCatalogue,
  listCategories,
} from '../repositories/lessons.ts'
import { averageScoreOf, listEducatorReviews, userExists } from '../repositories/reviews.ts'
import { listLessonSessions } from '../repositories/sessions.ts'
import {
  toCatalogueLesson,
  toCategory,
  toLesson,
  toReview,
  toSession,
  type Viewer,
} from '../serializers/lessons.ts'

/**
 * The reads the guest and the signed-in calls share; they differ only in page sizes and in who
 * is looking (a guest never gets a meeting link).
 */

type PageQuery = { page?: number | undefined; take?: number | undefined }

export const categoryList = async (db: Executor): Promise<Category[]> =>
  (await listCategories(db)).map(toCategory)

export const cataloguePage = async (
  db: Executor,
  query: LessonListQuery,
  defaultTake: number,
): Promise<Paginated<CatalogueLesson>> => {
  const now = new Date()
  const page = pageRequest(query, defaultTake)
  const { records, itemCount } = await listCatalogue(
    db,
    {
      categoryIds: query.categoryIds?.split(',').map(Number),
      title: query.title,
      order: query.order ?? 'DESC',
    },
    page,
    now,
  )
  return toPage(records.map(toCatalogueLesson), page, itemCount)
}

/** Any lesson by id, with or without sessions (a lesson page link keeps working). */
export const lessonById = async (db: Executor, lessonId: number): Promise<Lesson> =>
  toLesson(found(await findLessonRecord(db, lessonId, new Date()), 'Lesson'))

export const sessionsPage = async (
  db: Executor,
  lessonId: number,
  viewer: Viewer,
  query: PageQuery,
  defaultTake: number,
): Promise<Paginated<Session>> => {
  found(await findLessonRow(db, lessonId), 'Lesson')
  const now = new Date()
  const page = pageRequest(query, defaultTake)
  const { records, itemCount } = await listLessonSessions(db, lessonId, viewer?.id ?? null, page)
  return toPage(
    records.map((record) => toSession(record, viewer, now)),
    page,
    itemCount,
  )
}

const knownUser = async (db: Executor, userId: number) => {
  if (!(await userExists(db, userId))) found(null, 'User')
}

export const educatorReviewsPage = async (
  db: Executor,
  educatorId: number,
  query: PageQuery,
  defaultTake: number,
): Promise<Paginated<Review>> => {
  await knownUser(db, educatorId)
  const page = pageRequest(query, defaultTake)
  const { records, itemCount } = await listEducatorReviews(db, educatorId, page)
  return toPage(records.map(toReview), page, itemCount)
}

export const educatorAverageScore = async (db: Executor, educatorId: number) => {
  await knownUser(db, educatorId)
  return averageScoreOf(db, educatorId)
}
