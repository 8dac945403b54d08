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
import type { CatalogueCache } from '../cache/catalogue-cache.ts'
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

/** What a catalogue read needs: the database and this instance's cache of answers. */
export interface CatalogueDeps {
  db: Executor
  cache: CatalogueCache
}

export const categoryList = ({ db, cache }: CatalogueDeps): Promise<Category[]> =>
  cache.get('categories', async () => (await listCategories(db)).map(toCategory))

/** A page of the catalogue; the same for every viewer, so one cached answer serves them all. */
export const cataloguePage = (
  { db, cache }: CatalogueDeps,
  query: LessonListQuery,
  defaultTake: number,
): Promise<Paginated<CatalogueLesson>> => {
  const key = JSON.stringify([
    'page',
    query.page,
    query.take ?? defaultTake,
    query.categoryIds,
    query.title,
    query.order,
  ])
  return cache.get(key, (now) => readCataloguePage(db, query, defaultTake, now))
}

const readCataloguePage = async (
  db: Executor,
  query: LessonListQuery,
  defaultTake: number,
  now: Date,
): Promise<Paginated<CatalogueLesson>> => {
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
/** A lesson read from the database, not memory: the answer to a write of it. */
export const lessonRead = async (db: Executor, lessonId: number, now = new Date()) =>
  toLesson(found(await findLessonRecord(db, lessonId, now), 'Lesson'))

export const lessonById = ({ db, cache }: CatalogueDeps, lessonId: number): Promise<Lesson> =>
  cache.get(JSON.stringify(['lesson', lessonId]), (now) => lessonRead(db, lessonId, now))

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
