import type { AverageScore } from '@contract/entities'
import type { Paginated } from '@contract/common'
import type { LessonListQuery } from '@contract/endpoints/lessons'
import { MESSAGES } from '@contract/messages'
import { pageRequest, toPage } from '@contract/paging'
import { canViewLesson, compareListedSessions, isNewAddress, roundRating } from '@contract/rules'
import { db, type DbLesson, type DbToken, type DbUser, newToken } from './db'
import { fail, found } from './http'

/** Look-ups and rules shared by several handler files. */

/** A single-use token of the user (an e-mail change's carries the address it confirms). */
export const issueToken = (userId: number, kind: DbToken['kind'], email?: string) => {
  const token = newToken()
  db.tokens.push({ token, userId, kind, ...(email === undefined ? {} : { email }) })
  return token
}

/** Drops the user's tokens of a kind: a newer request or a reset replaces them. */
export const retireTokens = (userId: number, kind: DbToken['kind']) => {
  db.tokens = db.tokens.filter((row) => row.userId !== userId || row.kind !== kind)
}

/**
 * Uses a token: single use, and the user's other tokens of the same kind go with it (as on the
 * server, an older link stops working once one is used).
 */
export const takeToken = (token: string, kind: DbToken['kind']) => {
  const row = db.tokens.find((candidate) => candidate.token === token && candidate.kind === kind)
  if (!row) return undefined
  retireTokens(row.userId, kind)
  const user = db.users.find((candidate) => candidate.id === row.userId)
  return user ? { user, email: row.email } : undefined
}

export const lessonById = (id: number) =>
  found(
    db.lessons.find((lesson) => lesson.id === id),
    'Lesson',
  )

/** The lesson, if the user owns it: 404 when missing, 403 when someone else's. */
export const ownedLesson = (id: number, user: DbUser) => {
  const lesson = lessonById(id)
  if (lesson.ownerId !== user.id) fail(403, MESSAGES.lessons.notOwner)
  return lesson
}

/**
 * The lesson named in the path, if the user may edit it (its sessions and materials too), checked
 * in the server's order: it exists (404), the user owns it (403). That the user is approved is
 * checked before, with the endpoint's declared access (http.ts).
 */
export const editableLesson = (id: number, user: DbUser) => ownedLesson(id, user)

/** A session of the lesson named in the path (404 for a session of another lesson). */
export const sessionOf = (lessonId: number, sessionId: number) =>
  found(
    db.sessions.find((session) => session.id === sessionId && session.lessonId === lessonId),
    'Session',
  )

export const hasSessions = (lessonId: number) =>
  db.sessions.some((session) => session.lessonId === lessonId)

/**
 * The lesson named in the path, if the viewer (null for a guest, and on the guest calls) may see
 * it (§4, contract/rules.ts): a draft is not found by anyone but its owner and the admins.
 */
export const viewableLesson = (id: number, viewer: DbUser | null) => {
  const lesson = lessonById(id)
  const sessionCount = db.sessions.filter((session) => session.lessonId === lesson.id).length
  if (!canViewLesson({ ownerId: lesson.ownerId, sessionCount }, viewer)) {
    fail(404, MESSAGES.http.notFound({ what: 'Lesson' }))
  }
  return lesson
}

/** A lesson's sessions in the order its list shows them (contract/rules.ts). */
export const listedSessionsOf = (lessonId: number) =>
  db.sessions
    .filter((session) => session.lessonId === lessonId)
    .sort(compareListedSessions(new Date()))

/** Takes part in the lesson: enrolled in any of its sessions. */
export const isEnrolledInLesson = (userId: number, lessonId: number) =>
  db.enrollments.some((row) => row.userId === userId && row.lessonId === lessonId)

/** Whether the user is deactivated (an educator below the earnings rule, §9). */
const isDeactivated = (userId: number) =>
  db.users.some((user) => user.id === userId && user.deactivatedAt !== null)

/** A session's educator is deactivated: no new seats in it. */
export const ownerDeactivated = (session: { lessonId: number }) => {
  const lesson = db.lessons.find((row) => row.id === session.lessonId)
  return lesson !== undefined && isDeactivated(lesson.ownerId)
}

/** §4: the student and guest catalogues list only lessons with a session; filters of §7. */
export const cataloguePage = (
  query: LessonListQuery | undefined,
  defaultTake: number,
): Paginated<DbLesson> => {
  const categoryIds = query?.categoryIds?.split(',').map(Number)
  const title = query?.title?.trim().toLowerCase()
  const direction = query?.order === 'ASC' ? 1 : -1
  const inOrder = (a: DbLesson, b: DbLesson) =>
    direction * (Date.parse(a.createdAt) - Date.parse(b.createdAt)) || direction * (a.id - b.id)
  const lessons = db.lessons
    .filter((lesson) => hasSessions(lesson.id))
    .filter((lesson) => !isDeactivated(lesson.ownerId))
    .filter((lesson) => !categoryIds || categoryIds.includes(lesson.categoryId))
    .filter((lesson) => !title || lesson.title.toLowerCase().includes(title))
    .sort(inOrder)
  const page = pageRequest(query, defaultTake)
  // After a lesson (any, listed or not), the rows that follow its place in the order; after one
  // that is gone, the page by its number (LessonListQuery's `after`).
  const after = db.lessons.find((lesson) => lesson.id === query?.after)
  const start = after ? lessons.filter((lesson) => inOrder(lesson, after) <= 0).length : page.offset
  return toPage(lessons.slice(start, start + page.take), page, lessons.length)
}

export const userById = (id: number) =>
  found(
    db.users.find((user) => user.id === id),
    'User',
  )

/**
 * An educator by id (approved or not), for its reviews and rating: as on the server, any other id
 * (a student's, an admin's, no one's) is not found, the same for all.
 */
export const educatorById = (id: number) =>
  found(
    db.users.find((user) => user.id === id && user.role === 'educator'),
    'Educator',
  )

/** Reviews of the educator's lessons, newest first (undated ones last). */
export const reviewsOfEducator = (educatorId: number) => {
  const lessonIds = new Set(
    db.lessons.filter((lesson) => lesson.ownerId === educatorId).map((lesson) => lesson.id),
  )
  const time = (createdAt: string | undefined) => (createdAt ? Date.parse(createdAt) : 0)
  return db.reviews
    .filter((review) => lessonIds.has(review.lessonId))
    .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id)
}

export const averageScoreOf = (educatorId: number): AverageScore => {
  const reviews = reviewsOfEducator(educatorId)
  const total = reviews.reduce((sum, review) => sum + review.rating, 0)
  const average = reviews.length === 0 ? 0 : roundRating(total / reviews.length)
  return { average, count: reviews.length }
}

/** Licences of the pool no educator holds. */
export const freeLicences = () =>
  db.licences.filter((licence) => !db.users.some((user) => user.videoLicenceId === licence.id))

/**
 * Gives the educator a free licence (the one asked for, or the first free one other than the one
 * it holds); the licence it held goes back to the pool.
 */
export const assignLicence = (educator: DbUser, licenceId?: number) => {
  if (educator.role !== 'educator') fail(409, MESSAGES.licences.notAnEducator)
  if (licenceId !== undefined) {
    found(
      db.licences.find((licence) => licence.id === licenceId),
      'Licence',
    )
    if (!freeLicences().some((licence) => licence.id === licenceId)) {
      fail(409, MESSAGES.licences.notFree)
    }
    educator.videoLicenceId = licenceId
    return
  }
  const licence = freeLicences().find((row) => row.id !== educator.videoLicenceId)
  educator.videoLicenceId = licence?.id ?? fail(409, MESSAGES.licences.noneFree)
}

/** The mock's e-mails about a licence: provider and account, like the server's. */
export const licenceLine = (user: DbUser) => {
  const licence = db.licences.find((row) => row.id === user.videoLicenceId)
  return licence ? `${licence.provider} ${licence.accountEmail}` : ''
}

/** Whether another account than `exceptUserId` uses the address (case does not count). */
export const isEmailTaken = (email: string, exceptUserId: number) =>
  db.users.some((other) => other.id !== exceptUserId && !isNewAddress(other.email, email))
