import { randomUUID } from 'node:crypto'
import { lessonFieldProblems, storedLinks } from '../../../contract/checks.ts'
import type { Paginated } from '../../../contract/common.ts'
import type { HistoryEntry, OwnLesson, UpcomingSession } from '../../../contract/entities.ts'
import type { LessonWriteBody } from '../../../contract/endpoints/lessons.ts'
import { coverImageType } from '../../../contract/files.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { isListedLesson, PAGE_SIZE } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  found,
  UnsupportedMediaTypeError,
} from '../domain/errors.ts'
import {
  categoryExists,
  deleteUnusedImage,
  findLessonImage,
  findLessonRecords,
  findLessonRow,
  findOwnImage,
  insertImageFile,
  insertLesson,
  listAttendedLessons,
  listOwnLessons,
  lockMostSeatsTaken,
  updateLesson as updateLessonRow,
  type LessonFields,
  type LessonRow,
} from '../repositories/lessons.ts'
import { findReviewsByAuthor } from '../repositories/reviews.ts'
import { listUpcomingSessions, listWaitlistSessions } from '../repositories/sessions.ts'
import type { UserRow } from '../repositories/users.ts'
import { toHistoryEntry, toOwnLesson, toUpcomingSession } from '../serializers/lessons.ts'
import { reserveUploadSpace } from '../repositories/files.ts'
import { removeStoredBytes } from '../storage/files.ts'
import { type LessonReader, lessonRead, mustSee } from './catalogue.ts'
import type { ServiceDeps } from './deps.ts'
import { type FreeingDeps, outboxMail, seatChange } from './seat-change.ts'
import { offerAddedSeats } from './waitlist-offers.ts'

type PageQuery = { page?: number | undefined; take?: number | undefined }

/**
 * The lesson form's checks (contract/checks.ts) over the database, every failure at once;
 * answers the fields to store. `imageId` undefined keeps the current image, null removes it.
 */
const checkedLessonFields = async (
  db: Executor,
  body: LessonWriteBody,
  educatorId: number,
  current: LessonRow | null,
): Promise<LessonFields> => {
  const problems = lessonFieldProblems(body, {
    categoryExists: await categoryExists(db, body.categoryId),
    ownImage:
      typeof body.imageId === 'number' &&
      (await findOwnImage(db, body.imageId, educatorId)) !== undefined,
    current: current && {
      hasImage: current.imageId !== null,
      about: current.about,
      details: current.details,
    },
  })
  if (problems.length > 0) throw new BadRequestError(problems)
  return {
    title: body.title.trim(),
    categoryId: body.categoryId,
    priceInCents: body.price_in_cents,
    minSlots: body.min_slots,
    maxSlots: body.max_slots,
    about: body.about,
    details: body.details,
    imageId: body.imageId,
    links: body.links && storedLinks(body.links),
  }
}

/**
 * The lesson named in the path, if the caller owns it (its sessions and materials too), read
 * with `db` or in the caller's transaction. That the caller is approved is checked before, with
 * the route's declared access (plugins/auth.ts).
 */
export const editableLesson = async (db: Executor, lessonId: number, user: UserRow) => {
  const lesson = found(await findLessonRow(db, lessonId), 'Lesson')
  if (lesson.ownerId !== user.id) throw new ForbiddenError(MESSAGES.lessons.notOwner)
  return lesson
}

export const ownLessonsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  ownerId: number,
  query: PageQuery,
): Promise<Paginated<OwnLesson>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await listOwnLessons(db, ownerId, page, new Date())
  return toPage(records.map(toOwnLesson), page, itemCount)
}

/** The lessons a student attended, each with its review if written. */
export const historyPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  user: Pick<UserRow, 'id' | 'role'>,
  query: PageQuery,
): Promise<Paginated<HistoryEntry>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  // Only students attend lessons; everyone else has an empty history.
  if (user.role !== 'student') return toPage([], page, 0)
  const now = new Date()
  const { items, itemCount } = await listAttendedLessons(db, user.id, page, now)
  const lessonIds = items.map((item) => item.lessonId)
  const [lessons, reviews] = await Promise.all([
    findLessonRecords(db, lessonIds, now),
    findReviewsByAuthor(db, user.id, lessonIds),
  ])
  const entries = items.flatMap(({ lessonId, lastSessionEnd }) => {
    const lesson = lessons.get(lessonId)
    return lesson ? [toHistoryEntry(lesson, lastSessionEnd, reviews.get(lessonId))] : []
  })
  return toPage(entries, page, itemCount)
}

/** Sessions that have not ended which the user teaches or holds a seat in, soonest first. */
export const upcomingPage = (
  deps: Pick<ServiceDeps, 'db'>,
  user: Pick<UserRow, 'id' | 'role'>,
  query: PageQuery,
) => sessionsPage(deps, user, query, listUpcomingSessions)

/** Sessions not started in whose line for a seat the student waits, soonest first. */
export const waitlistPage = (
  deps: Pick<ServiceDeps, 'db'>,
  user: Pick<UserRow, 'id' | 'role'>,
  query: PageQuery,
) => sessionsPage(deps, user, query, listWaitlistSessions)

/** One page of the user's sessions as `list` finds them, each with its lesson. */
const sessionsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  user: Pick<UserRow, 'id' | 'role'>,
  query: PageQuery,
  list: typeof listUpcomingSessions,
): Promise<Paginated<UpcomingSession>> => {
  const now = new Date()
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await list(db, user, page, now)
  const lessons = await findLessonRecords(
    db,
    [...new Set(records.map((record) => record.session.lessonId))],
    now,
  )
  const items = records.flatMap((record) => {
    const lesson = lessons.get(record.session.lessonId)
    return lesson ? [toUpcomingSession(lesson, record, user, now)] : []
  })
  return toPage(items, page, itemCount)
}

/**
 * Keeps an uploaded cover if its bytes are an accepted image (the name and the declared type are
 * the client's word); answers the new file's id.
 */
export const saveLessonImage = async (
  deps: Pick<ServiceDeps, 'db' | 'storage' | 'uploadRules'>,
  ownerId: number,
  upload: { filename: string; bytes: Buffer },
) => {
  const cover = coverImageType(upload.bytes)
  if (cover === null) throw new UnsupportedMediaTypeError(MESSAGES.uploads.invalidType)
  const { mimeType } = cover
  const storageKey = `${randomUUID()}.${cover.extension}`
  await deps.storage.put(storageKey, upload.bytes)
  try {
    return await deps.db.transaction(async (tx) => {
      await reserveUploadSpace(tx, ownerId, upload.bytes.length, deps.uploadRules.quotaMb)
      return insertImageFile(tx, {
        ownerId,
        filename: upload.filename,
        mimeType,
        size: upload.bytes.length,
        storageKey,
      })
    })
  } catch (error) {
    await deps.storage.remove(storageKey)
    throw error
  }
}

export const createLesson = async (
  deps: Pick<ServiceDeps, 'db'>,
  user: UserRow,
  body: LessonWriteBody,
) => {
  const fields = await checkedLessonFields(deps.db, body, user.id, null)
  const id = await deps.db.transaction((tx) => insertLesson(tx, user.id, fields))
  return lessonRead(deps, id)
}

/**
 * Saves the lesson form. A new cover replaces the old one: its row goes with the update and its
 * bytes once that is committed (unless another lesson shows the same image). Seats a raised
 * maximum adds are offered to those waiting in the update's transaction.
 */
export const updateLesson = async (
  deps: FreeingDeps & Pick<ServiceDeps, 'storage'>,
  user: UserRow,
  lessonId: number,
  body: LessonWriteBody,
) => {
  const { db } = deps
  const lesson = await editableLesson(db, lessonId, user)
  const fields = await checkedLessonFields(db, body, user.id, lesson)
  const replaced =
    typeof fields.imageId === 'number' &&
    lesson.imageId !== null &&
    lesson.imageId !== fields.imageId
      ? lesson.imageId
      : null
  const removed = await seatChange(deps, async (tx, effects) => {
    // Fewer seats than students already hold in a session would overbook it: refused.
    if (fields.maxSlots < lesson.maxSlots) {
      const taken = await lockMostSeatsTaken(tx, lesson.id, new Date())
      if (taken > fields.maxSlots) {
        throw new ConflictError(MESSAGES.lessons.maxBelowSeatsTaken({ count: taken }))
      }
    }
    await updateLessonRow(tx, lesson.id, fields)
    if (fields.maxSlots > lesson.maxSlots) {
      await offerAddedSeats(deps, tx, lesson.id, new Date(), outboxMail(deps, tx, effects))
    }
    return replaced === null ? undefined : deleteUnusedImage(tx, replaced)
  })
  if (removed) await removeStoredBytes(deps, removed.storageKey)
  return lessonRead(deps, lesson.id)
}

/**
 * A lesson's cover: its image, not found when the lesson has none or the reader may not see the
 * lesson (a draft is its owner's and the admins' only, §4, its cover too), whether the lesson is
 * listed (a draft's cover is no one else's to keep), and `bytes`, which reads the upload from
 * storage when called (not found when storage has lost it). A cover's rendition already made, or a
 * browser's copy still current (304), needs no read.
 */
export const lessonCover = async (
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  lessonId: number,
  reader: LessonReader,
) => {
  const row = found(await findLessonImage(deps.db, lessonId), 'Lesson')
  mustSee(row, reader)
  const image = found(row.image, 'Image')
  const bytes = async () => found(await deps.storage.get(image.storageKey), 'Image')
  return { image, bytes, listed: isListedLesson(row) }
}
