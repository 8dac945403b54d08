import * as endpoints from '@contract/endpoints/lessons'
import { type LessonWriteBody } from '@contract/endpoints/lessons'
import { lessonFieldProblems, storedLinks } from '@contract/checks'
import { coverImageType } from '@contract/files'
import { MESSAGES } from '@contract/messages'
import { PAGE_SIZE } from '@contract/rules'
import { HttpResponse } from 'msw'
import { db, type DbLesson, type DbUser, nextId } from '../db'
import { checkUploadQuota, fail, found, pageOf, paginate, readUpload, route } from '../http'
import { cataloguePage, editableLesson, viewableLesson } from '../queries'
import {
  seatsTakenIn,
  toCatalogueLesson,
  toHistoryEntry,
  toLesson,
  toOwnLesson,
  toSession,
} from '../serializers'
import { offerFreedSeats, placeOf } from '../seats'

/** The lesson form's checks (contract/checks.ts) over the mock's rows; answers the writable fields. */
const lessonFields = (body: LessonWriteBody, user: DbUser, current: DbLesson | null) => {
  const image = db.files.find((file) => file.id === body.imageId && file.kind === 'image')
  const problems = lessonFieldProblems(body, {
    categoryExists: db.categories.some((category) => category.id === body.categoryId),
    ownImage: image?.ownerId === user.id,
    current: current && {
      hasImage: current.imageId !== null,
      about: current.about,
      details: current.details,
    },
  })
  if (problems.length > 0) fail(400, problems)
  return {
    title: body.title.trim(),
    categoryId: body.categoryId,
    price_in_cents: body.price_in_cents,
    min_slots: body.min_slots,
    max_slots: body.max_slots,
    ...(body.about === undefined ? {} : { about: body.about }),
    ...(body.details === undefined ? {} : { details: body.details }),
    ...(body.imageId === undefined ? {} : { imageId: body.imageId }),
    ...(body.links === undefined ? {} : { links: storedLinks(body.links) }),
  }
}

/** Records which lesson its cover image belongs to. */
const attachImage = (lesson: DbLesson) => {
  const image = db.files.find((file) => file.id === lesson.imageId && file.kind === 'image')
  if (image) image.lessonId = lesson.id
}

const newestFirst = (a: DbLesson, b: DbLesson) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id

// The fixed paths (/lessons/my, /history, /upcoming) come before /lessons/:id.
export const lessonHandlers = [
  route(endpoints.listLessons, ({ query }) => ({
    status: 200,
    body: pageOf(cataloguePage(query, PAGE_SIZE.default), toCatalogueLesson),
  })),

  route(endpoints.myLessons, ({ user, query }) => {
    const lessons = db.lessons.filter((lesson) => lesson.ownerId === user.id).sort(newestFirst)
    return {
      status: 200,
      body: paginate(
        lessons.map((lesson) => toOwnLesson(lesson)),
        query,
        PAGE_SIZE.default,
      ),
    }
  }),

  route(endpoints.lessonHistory, ({ user, query }) => {
    const now = Date.now()
    const lastEnd = new Map<number, string>()
    for (const enrollment of db.enrollments.filter((row) => row.userId === user.id)) {
      const session = db.sessions.find((row) => row.id === enrollment.sessionId)
      if (!session || Date.parse(session.end_time) > now) continue
      const previous = lastEnd.get(session.lessonId)
      if (!previous || previous < session.end_time) lastEnd.set(session.lessonId, session.end_time)
    }
    const entries = [...lastEnd.entries()]
      .sort(([, a], [, b]) => b.localeCompare(a))
      .flatMap(([lessonId, end]) => {
        const lesson = db.lessons.find((row) => row.id === lessonId)
        if (!lesson) return []
        const review = db.reviews.find((row) => row.lessonId === lessonId && row.userId === user.id)
        return [toHistoryEntry(lesson, end, review)]
      })
    return { status: 200, body: paginate(entries, query, PAGE_SIZE.default) }
  }),

  route(endpoints.upcomingLessons, ({ user, query }) => {
    const now = Date.now()
    const mine = (sessionId: number, lesson: DbLesson) =>
      user.role === 'educator'
        ? lesson.ownerId === user.id
        : db.enrollments.some((row) => row.userId === user.id && row.sessionId === sessionId)
    const items = db.sessions
      .filter((session) => Date.parse(session.end_time) > now && session.decision !== 'cancelled')
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
      .flatMap((session) => {
        const lesson = db.lessons.find((row) => row.id === session.lessonId)
        if (!lesson || !mine(session.id, lesson)) return []
        return [{ lesson: toLesson(lesson), session: toSession(session, user) }]
      })
    return { status: 200, body: paginate(items, query, PAGE_SIZE.default) }
  }),

  route(endpoints.waitlistLessons, ({ user, query }) => {
    const now = Date.now()
    const items = db.sessions
      .filter((session) => Date.parse(session.start_time) > now && placeOf(session.id, user.id))
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id)
      .flatMap((session) => {
        const lesson = db.lessons.find((row) => row.id === session.lessonId)
        return lesson ? [{ lesson: toLesson(lesson), session: toSession(session, user) }] : []
      })
    return { status: 200, body: paginate(items, query, PAGE_SIZE.default) }
  }),

  route(endpoints.uploadLessonImage, async ({ user, request }) => {
    const { file, bytes } = await readUpload(request, 'image')
    const contentType = coverImageType(bytes)?.mimeType ?? fail(415, MESSAGES.uploads.invalidType)
    checkUploadQuota(user.id, bytes.length)
    const id = nextId(db.files)
    db.files.push({
      id,
      kind: 'image',
      filename: file.name,
      contentType,
      bytes,
      ownerId: user.id,
      lessonId: null,
    })
    return { status: 201, body: { id } }
  }),

  route(endpoints.createLesson, ({ user, body }) => {
    const lesson: DbLesson = {
      id: nextId(db.lessons),
      ownerId: user.id,
      about: '',
      details: '',
      imageId: null,
      links: [],
      createdAt: new Date().toISOString(),
      ...lessonFields(body, user, null),
    }
    db.lessons.push(lesson)
    attachImage(lesson)
    return { status: 201, body: toLesson(lesson) }
  }),

  // A draft only for its owner and the admins (§4).
  route(endpoints.getLesson, ({ user, params }) => ({
    status: 200,
    body: toLesson(viewableLesson(params.id, user)),
  })),

  route(endpoints.updateLesson, ({ user, params, body }) => {
    const lesson = editableLesson(params.id, user)
    const previousImage = lesson.imageId
    const fields = lessonFields(body, user, lesson)
    // Fewer seats than students already hold in a session that has not ended: refused.
    if (fields.max_slots < lesson.max_slots) {
      const now = Date.now()
      const taken = Math.max(
        0,
        ...db.sessions
          .filter(
            (session) =>
              session.lessonId === lesson.id &&
              Date.parse(session.end_time) > now &&
              session.decision !== 'cancelled',
          )
          .map((session) => seatsTakenIn(session, now)),
      )
      if (taken > fields.max_slots) {
        fail(409, MESSAGES.lessons.maxBelowSeatsTaken({ count: taken }))
      }
    }
    Object.assign(lesson, fields)
    attachImage(lesson)
    // A replaced cover goes, unless another lesson shows it too.
    if (previousImage !== null && !db.lessons.some((row) => row.imageId === previousImage)) {
      db.files = db.files.filter((file) => file.id !== previousImage)
    }
    // Seats a raised maximum adds go to those waiting.
    for (const session of db.sessions) {
      if (session.lessonId === lesson.id) offerFreedSeats(session)
    }
    return { status: 200, body: toLesson(lesson) }
  }),

  // A draft's cover, as the draft, is its owner's and the admins' only (§4).
  route(endpoints.lessonImage, ({ user, params }) => {
    const lesson = viewableLesson(params.id, user)
    const image = found(
      db.files.find((file) => file.id === lesson.imageId),
      'Image',
    )
    return new HttpResponse(image.bytes, { headers: { 'Content-Type': image.contentType } })
  }),
]
