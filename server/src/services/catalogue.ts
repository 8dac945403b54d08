import type { Paginated } from '../../../contract/common.ts'
import type {
  CatalogueLesson,
  Category,
  Lesson,
  Review,
  Role,
  Session,
} from '../../../contract/entities.ts'
import type { LessonListQuery } from '../../../contract/endpoints/lessons.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { canViewLesson } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { found, NotFoundError } from '../domain/errors.ts'
import {
  countCatalogue,
  findLessonRecord,
  findLessonRow,
  listCatalogue,
  listCategories,
} from '../repositories/lessons.ts'
import { averageScoreOf, isEducator, listEducatorReviews } from '../repositories/reviews.ts'
import { listLessonSessions } from '../repositories/sessions.ts'
import {
  toCatalogueLesson,
  toCategory,
  toLesson,
  toReview,
  toSession,
} from '../serializers/lessons.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * The reads the guest and the signed-in calls share; they differ only in page sizes and in who
 * is looking (a guest never gets a meeting link).
 */

type PageQuery = { page?: number | undefined; take?: number | undefined }

/** What a catalogue read needs: the database and this instance's cache of answers. */
type CatalogueDeps = Pick<ServiceDeps, 'db' | 'catalogueCache'>

export const categoryList = ({ db, catalogueCache }: CatalogueDeps): Promise<Category[]> =>
  catalogueCache.get('categories', async () => (await listCategories(db)).map(toCategory))

/**
 * A page of the catalogue; the same for every viewer, so one cached answer serves them all: the
 * same object to every request until the catalogue changes, so it is also serialised and
 * compressed once (http/revalidate.ts). The number of lessons the filters keep is cached apart,
 * so every page of a search shares one count.
 */
export const cataloguePage = (
  { db, catalogueCache }: CatalogueDeps,
  query: LessonListQuery,
  defaultTake: number,
): Promise<Paginated<CatalogueLesson>> => {
  const page = pageRequest(query, defaultTake)
  const filters = {
    categoryIds: query.categoryIds?.split(',').map(Number),
    title: query.title,
  }
  const order = query.order ?? 'DESC'
  const { after } = query
  const readPage = async (now: Date) => {
    // After a lesson that is gone, the page is found by its number (the contract's rule).
    const seek = after !== undefined && (await findLessonRow(db, after)) !== undefined
    const request = seek ? { ...page, after } : page
    return (await listCatalogue(db, { ...filters, order }, request, now)).map(toCatalogueLesson)
  }
  return catalogueCache.get(
    JSON.stringify(['page', page.page, page.take, query.categoryIds, query.title, order, after]),
    async (now) => {
      const [lessons, itemCount] = await Promise.all([
        readPage(now),
        catalogueCache.get(JSON.stringify(['count', query.categoryIds, query.title]), () =>
          countCatalogue(db, filters),
        ),
      ])
      return toPage(lessons, page, itemCount)
    },
  )
}

/** A lesson read from the database, not memory: the answer to a write of it. */
export const lessonRead = async (
  { db }: Pick<ServiceDeps, 'db'>,
  lessonId: number,
  now = new Date(),
) => toLesson(found(await findLessonRecord(db, lessonId, now), 'Lesson'))

/** Who reads a lesson: a signed-in user, or null for a guest (and on the guest calls). */
export type LessonReader = { id: number; role: Role } | null

/**
 * §4: a draft is its owner's and the admins' only; to anyone else it is not found, as a lesson
 * that does not exist is.
 */
export const mustSee = (
  lesson: { ownerId: number; sessionCount: number },
  reader: LessonReader,
) => {
  if (!canViewLesson(lesson, reader)) throw new NotFoundError('Lesson')
}

/**
 * A lesson by id as a reader sees it. The cache keeps one answer for every reader, with what
 * decides who may see it.
 */
export const lessonById = async (
  { db, catalogueCache }: CatalogueDeps,
  lessonId: number,
  reader: LessonReader,
): Promise<Lesson> => {
  const { lesson, sessionCount } = await catalogueCache.get(
    JSON.stringify(['lesson', lessonId]),
    async (now) => {
      const record = found(await findLessonRecord(db, lessonId, now), 'Lesson')
      return { lesson: toLesson(record), sessionCount: record.lesson.sessionCount }
    },
  )
  mustSee({ ownerId: lesson.owner.id, sessionCount }, reader)
  return lesson
}

/** A lesson's sessions, as the viewer sees them, if the viewer may see the lesson. */
export const sessionsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  lessonId: number,
  viewer: LessonReader,
  query: PageQuery,
  defaultTake: number,
): Promise<Paginated<Session>> => {
  mustSee(found(await findLessonRow(db, lessonId), 'Lesson'), viewer)
  const now = new Date()
  const page = pageRequest(query, defaultTake)
  const { records, itemCount } = await listLessonSessions(
    db,
    lessonId,
    viewer?.id ?? null,
    page,
    now,
  )
  return toPage(
    records.map((record) => toSession(record, viewer, now)),
    page,
    itemCount,
  )
}

/**
 * Reviews and a rating are an educator's: any other id (a student's, an admin's, no one's) is not
 * found, the same for all, so the answer does not tell which ids are whose.
 */
const knownEducator = async (db: Executor, userId: number) => {
  if (!(await isEducator(db, userId))) found(null, 'Educator')
}

export const educatorReviewsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  educatorId: number,
  query: PageQuery,
  defaultTake: number,
): Promise<Paginated<Review>> => {
  await knownEducator(db, educatorId)
  const page = pageRequest(query, defaultTake)
  const { records, itemCount } = await listEducatorReviews(db, educatorId, page)
  return toPage(records.map(toReview), page, itemCount)
}

export const educatorAverageScore = async ({ db }: Pick<ServiceDeps, 'db'>, educatorId: number) => {
  await knownEducator(db, educatorId)
  return averageScoreOf(db, educatorId)
}
