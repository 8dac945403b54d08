import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import {
  createLesson,
  getLesson,
  lessonHistory,
  lessonImage,
  listLessons,
  myLessons,
  updateLesson,
  upcomingLessons,
  uploadLessonImage,
  type LessonWriteBody,
} from '../../../contract/endpoints/lessons.ts'
import { IMAGE_MIME_TYPES, PAGE_SIZE } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { MESSAGES } from '../lib/accounts.ts'
import { cataloguePage, lessonById } from '../lib/catalogue.ts'
import { found, httpError } from '../lib/errors.ts'
import { pageRequest, toHistoryEntry, toLesson, toPage, toUpcomingSession } from '../lib/lessons.ts'
import { route } from '../lib/route.ts'
import { isValidated } from '../lib/users.ts'
import {
  categoryExists,
  findLessonImage,
  findLessonRecords,
  findLessonRow,
  findOwnImage,
  insertImageFile,
  insertLesson,
  listAttendedLessons,
  listOwnLessons,
  updateLesson as updateLessonRow,
  type LessonFields,
} from '../repositories/lessons.ts'
import { findReviewsByAuthor } from '../repositories/reviews.ts'
import { listUpcomingSessions } from '../repositories/sessions.ts'

const TOO_LARGE = 'File is too large. Maximum size is 10MB.'
const NO_FILE = 'No file provided'

/**
 * §5 rules of the lesson form that the body schema cannot state, all reported at once; answers
 * the fields to store. `imageId` undefined keeps the current image, null removes it.
 */
const checkedLessonFields = async (
  db: Executor,
  body: LessonWriteBody,
  educatorId: number,
): Promise<LessonFields> => {
  const problems: string[] = []
  const title = body.title.trim()
  if (title === '') problems.push('title is required')
  if (!(await categoryExists(db, body.categoryId))) problems.push('Category does not exist')
  if (body.max_slots < body.min_slots) problems.push('max_slots must be at least min_slots')
  if (typeof body.imageId === 'number' && !(await findOwnImage(db, body.imageId, educatorId))) {
    problems.push('Image does not exist')
  }
  if (problems.length > 0) throw httpError(400, problems)
  return {
    title,
    categoryId: body.categoryId,
    priceInCents: body.price_in_cents,
    minSlots: body.min_slots,
    maxSlots: body.max_slots,
    about: body.about,
    details: body.details,
    imageId: body.imageId,
    links: body.links?.map(({ title, description, url }) => ({ title, description, url })),
  }
}

/** The lesson named in the path, if the caller owns it and may edit lessons. */
const editableLesson = async (db: Executor, lessonId: number, user: AuthUser) => {
  const lesson = found(await findLessonRow(db, lessonId), 'Lesson')
  if (lesson.ownerId !== user.id) throw httpError(403, 'You are not the owner of this lesson')
  if (!isValidated(user)) throw httpError(403, MESSAGES.notApproved)
  return lesson
}

/**
 * The 'image' file of a multipart upload, checked as §5 asks: present, a non-blank name, at most
 * 10 MB (the multipart plugin stops reading past the limit), and an image by its content.
 */
const readImageUpload = async (app: FastifyInstance, request: FastifyRequest) => {
  if (!request.isMultipart()) throw httpError(400, NO_FILE)
  const part = await request.file()
  if (!part) throw httpError(400, NO_FILE)
  if (part.fieldname !== 'image') {
    part.file.resume()
    throw httpError(400, NO_FILE)
  }
  if (part.filename.replace(/\.[^.]*$/, '').trim() === '') {
    part.file.resume()
    throw httpError(400, 'File name cannot be empty')
  }
  let bytes: Buffer
  try {
    bytes = await part.toBuffer()
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw httpError(413, TOO_LARGE)
    }
    throw error
  }
  // The name and the declared type are the client's word; the bytes decide.
  const detected = await fileTypeFromBuffer(bytes)
  const mimeType = detected?.mime
  if (!mimeType || !(IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw httpError(415, 'Invalid file type.')
  }
  return { filename: part.filename, bytes, mimeType, extension: detected.ext }
}

// Fastify's router prefers the fixed paths (/lessons/my, /history, /upcoming, /upload-image)
// over /lessons/:id whatever the order of registration.
export const lessonsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listLessons, async ({ query }) => ({
    status: 200,
    body: await cataloguePage(app.db, query, PAGE_SIZE.default),
  }))

  route(app, myLessons, async ({ user, query }) => {
    const page = pageRequest(query, PAGE_SIZE.default)
    const { records, itemCount } = await listOwnLessons(app.db, user.id, page, new Date())
    return { status: 200, body: toPage(records.map(toLesson), page, itemCount) }
  })

  route(app, lessonHistory, async ({ user, query }) => {
    const page = pageRequest(query, PAGE_SIZE.default)
    // Only students attend lessons; everyone else has an empty history.
    if (user.role !== 'student') return { status: 200, body: toPage([], page, 0) }
    const now = new Date()
    const { items, itemCount } = await listAttendedLessons(app.db, user.id, page, now)
    const lessonIds = items.map((item) => item.lessonId)
    const [lessons, reviews] = await Promise.all([
      findLessonRecords(app.db, lessonIds, now),
      findReviewsByAuthor(app.db, user.id, lessonIds),
    ])
    const entries = items.flatMap(({ lessonId, lastSessionEnd }) => {
      const lesson = lessons.get(lessonId)
      return lesson ? [toHistoryEntry(lesson, lastSessionEnd, reviews.get(lessonId))] : []
    })
    return { status: 200, body: toPage(entries, page, itemCount) }
  })

  route(app, upcomingLessons, async ({ user, query }) => {
    const now = new Date()
    const page = pageRequest(query, PAGE_SIZE.default)
    const { records, itemCount } = await listUpcomingSessions(app.db, user, page, now)
    const lessons = await findLessonRecords(
      app.db,
      [...new Set(records.map((record) => record.session.lessonId))],
      now,
    )
    const items = records.flatMap((record) => {
      const lesson = lessons.get(record.session.lessonId)
      return lesson ? [toUpcomingSession(lesson, record, user, now)] : []
    })
    return { status: 200, body: toPage(items, page, itemCount) }
  })

  route(app, uploadLessonImage, async ({ request, user }) => {
    if (!isValidated(user)) throw httpError(403, MESSAGES.notApproved)
    const upload = await readImageUpload(app, request)
    const storageKey = `${randomUUID()}.${upload.extension}`
    await app.storage.put(storageKey, upload.bytes)
    try {
      const id = await insertImageFile(app.db, {
        ownerId: user.id,
        filename: upload.filename,
        mimeType: upload.mimeType,
        size: upload.bytes.length,
        storageKey,
      })
      return { status: 201, body: { id } }
    } catch (error) {
      await app.storage.remove(storageKey)
      throw error
    }
  })

  route(app, createLesson, async ({ user, body }) => {
    if (!isValidated(user)) throw httpError(403, MESSAGES.notApproved)
    const fields = await checkedLessonFields(app.db, body, user.id)
    const id = await app.db.transaction((tx) => insertLesson(tx, user.id, fields))
    return { status: 201, body: await lessonById(app.db, id) }
  })

  route(app, getLesson, async ({ params }) => ({
    status: 200,
    body: await lessonById(app.db, params.id),
  }))

  route(app, updateLesson, async ({ user, params, body }) => {
    const lesson = await editableLesson(app.db, params.id, user)
    const fields = await checkedLessonFields(app.db, body, user.id)
    await app.db.transaction((tx) => updateLessonRow(tx, lesson.id, fields))
    return { status: 200, body: await lessonById(app.db, lesson.id) }
  })

  route(app, lessonImage, async ({ request, reply, params }) => {
    const row = found(await findLessonImage(app.db, params.id), 'Lesson')
    const image = found(row.image, 'Image')
    const bytes = found(await app.storage.get(image.storageKey), 'Image')
    // The path stays the same when the cover changes, so browsers revalidate by the file's id.
    const etag = `"image-${image.id}"`
    reply.header('ETag', etag).header('Cache-Control', 'public, no-cache')
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply
      .header('Content-Type', image.mimeType)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes)
  })
}
