import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  max,
  ne,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { categories, files, lessonSessions, lessons, users, type LessonLink } from '../db/schema.ts'
import { BadRequestError } from '../domain/errors.ts'
import { builtOnce } from './built-once.ts'
import { seatsAttendedBy, selectSeatsWithSessions } from './student-seats.ts'
import { instant, instantPlaceholder } from './sql-instants.ts'
import { containsText } from './text-search.ts'
import { countedPage, countOf } from './counted-page.ts'

export type CategoryRow = typeof categories.$inferSelect
export type LessonRow = typeof lessons.$inferSelect

/** A lesson row with what its answer needs from other tables. */
export interface LessonRecord {
  lesson: typeof lessons.$inferSelect
  category: typeof categories.$inferSelect
  owner: { id: number; name: string; description: string | null }
  /** Sessions not started yet that still have a free seat. */
  availableSessions: number
}

/**
 * Seats of a session that are taken at `now`: live enrollments, payments still holding a seat and
 * waitlist offers not ended. Each count reads an index on the session id.
 */
const seatsTakenAt = (sessionId: SQL | AnyColumn, at: SQL) => sql<number>`((
  select count(*) from enrollments as e
  where e.session_id = ${sessionId} and e.cancelled_at is null
) + (
  select count(*) from payments as p
  where p.session_id = ${sessionId} and p.status = 'processing'
    and p.hold_expires_at > ${at}
) + (
  select count(*) from waitlist_entries as w
  where w.session_id = ${sessionId} and w.status = 'offered'
    and w.offer_expires_at > ${at}
))`

/**
 * The most seats taken in one of the lesson's sessions that have not ended (0 when none has a
 * seat), with those sessions' rows locked until the transaction ends: a seat change locks its
 * session first (repositories/seats.ts), so none can slip in between this count and the change
 * of the lesson's terms that follows it.
 */
export const lockMostSeatsTaken = async (tx: Executor, lessonId: number, now: Date) => {
  const ahead = and(eq(lessonSessions.lessonId, lessonId), gt(lessonSessions.endTime, now))
  await tx.select({ id: lessonSessions.id }).from(lessonSessions).where(ahead).for('update')
  const [row] = await tx
    .select({
      most: sql<number>`coalesce(max(${seatsTakenAt(qualified('lesson_sessions', 'id'), instant(now))}), 0)::int`,
    })
    .from(lessonSessions)
    .where(and(ahead, ne(lessonSessions.decision, 'cancelled')))
  return Number(row?.most ?? 0)
}

/**
 * A column named with its table. Drizzle writes the columns inside a subquery's selected
 * expressions without their table, which a nested select (`enrollments as e`) would then read
 * as its own column of that name.
 */
const qualified = (table: string, column: string) =>
  sql`${sql.identifier(table)}.${sql.identifier(column)}`

/**
 * Sessions of the lesson (of the outer query) that have not started, were not cancelled for too
 * few students and still have a free seat: one correlated count, so a page of lessons is one
 * query however many sessions they have.
 */
const availableSessionsAt = (at: SQL) => sql<number>`(
  select count(*)::int from lesson_sessions as s
  where s.lesson_id = ${lessons.id}
    and s.start_time > ${at}
    and s.decision <> 'cancelled'
    and ${seatsTakenAt(sql`s.id`, at)} < ${lessons.maxSlots}
)`

const lessonRecordFields = (at: SQL) => ({
  lesson: lessons,
  category: categories,
  owner: { id: users.id, name: users.name, description: users.description },
  availableSessions: availableSessionsAt(at),
})

const selectLessonRecords = (db: Executor, at: SQL) =>
  db
    .select(lessonRecordFields(at))
    .from(lessons)
    .innerJoin(categories, eq(categories.id, lessons.categoryId))
    .innerJoin(users, eq(users.id, lessons.ownerId))

/**
 * §4: students and guests see only lessons that have (or had) at least one session. The count is
 * kept on the lesson (a trigger on lesson_sessions), so this reads no session.
 */
const hasSessions = gt(lessons.sessionCount, 0)

/** A deactivated educator's lessons (§9) are left out of the catalogue until reactivated. */
const teachingOwner = sql`not exists (
  select 1 from ${users} as owner
  where owner.id = ${lessons.ownerId} and owner.deactivated_at is not null
)`

export interface CatalogueFilters {
  categoryIds?: number[] | undefined
  title?: string | undefined
  order: 'ASC' | 'DESC'
}

/**
 * A page by its number, or the rows after a lesson (`after`, the previous page's last lesson,
 * which must exist: a lesson that left the catalogue still marks a place in its order).
 */
export interface CataloguePageRequest extends PageRequest {
  after?: number | undefined
}

const newest = (order: 'ASC' | 'DESC') =>
  order === 'ASC'
    ? [asc(lessons.createdAt), asc(lessons.id)]
    : [desc(lessons.createdAt), desc(lessons.id)]

/** A catalogue lesson: the lesson, its educator's rating and its next session open to enroll. */
export interface CatalogueLessonRecord extends LessonRecord {
  /** The mean of the educator's review ratings, unrounded; null before the first review. */
  ratingAverage: number | null
  ratingCount: number
  nextSession: {
    id: number
    startTime: Date
    endTime: Date
    timezone: string
    seatsLeft: number
  } | null
}

/**
 * The ids of one page of lessons in the given order. Only the page's rows then join what a card
 * shows, so the rest of the query reads as many rows as the page has. The number of lessons the
 * filter keeps is counted apart (`countLessons`): counted with the page (a window count), it made
 * the planner read every match in the page's order, where an index of the filter serves better
 * (a title search at 100,000 lessons took 400 ms so, under 20 apart).
 */
const pageOfLessons = (
  db: Executor,
  where: SQL | undefined,
  order: 'ASC' | 'DESC',
  page: CataloguePageRequest | { take: Placeholder; offset: Placeholder; after?: undefined },
) => {
  const { after } = page
  // After a lesson: the rows that follow its place in the order, straight from the order's index
  // (a row comparison on (created_at, id)), where an offset reads and drops every row before. Its
  // created_at is read in the query: a JavaScript date would drop the column's microseconds.
  const place =
    after === undefined
      ? undefined
      : sql`((select created_at from lessons where id = ${after}), ${after}::int)`
  const seek =
    place &&
    (order === 'ASC'
      ? sql`(${lessons.createdAt}, ${lessons.id}) > ${place}`
      : sql`(${lessons.createdAt}, ${lessons.id}) < ${place}`)
  return db
    .select({
      id: sql<number>`${lessons.id}`.as('page_lesson_id'),
    })
    .from(lessons)
    .where(and(where, seek))
    .orderBy(...newest(order))
    .limit(page.take)
    .offset(after === undefined ? page.offset : 0)
    .as('page')
}

/**
 * A page of the catalogue in one query. The page's lessons join their category and educator (whose
 * rating is kept on the user row by a trigger on reviews) and, laterally, the lesson's sessions
 * that have not started, were not cancelled and still have a seat, through the sessions'
 * (lesson, start) index and the seats' session indexes: the soonest of them is the next session,
 * the window count over them the number of sessions open to enroll.
 */
const selectCataloguePage = (
  db: Executor,
  where: SQL | undefined,
  order: 'ASC' | 'DESC',
  page: CataloguePageRequest,
  now: Date,
) => {
  const ids = pageOfLessons(db, where, order, page)
  const seatsTaken = seatsTakenAt(qualified('lesson_sessions', 'id'), instant(now))
  const maxSlots = qualified('lessons', 'max_slots')
  const open = db
    .select({
      id: sql<number | null>`${lessonSessions.id}`.as('next_id'),
      startTime: sql<string>`${lessonSessions.startTime}`.as('next_start'),
      endTime: sql<string>`${lessonSessions.endTime}`.as('next_end'),
      timezone: sql<string>`${lessonSessions.timezone}`.as('next_timezone'),
      seatsLeft: sql<number>`(${maxSlots} - ${seatsTaken})::int`.as('next_seats_left'),
      available: sql<number>`(count(*) over ())::int`.as('open_sessions'),
    })
    .from(lessonSessions)
    .where(
      and(
        eq(lessonSessions.lessonId, lessons.id),
        gt(lessonSessions.startTime, now),
        ne(lessonSessions.decision, 'cancelled'),
        sql`${seatsTaken} < ${lessons.maxSlots}`,
      ),
    )
    .orderBy(asc(lessonSessions.startTime), asc(lessonSessions.id))
    .limit(1)
    .as('open_session')
  return db
    .select({
      lesson: lessons,
      category: categories,
      owner: { id: users.id, name: users.name, description: users.description },
      ratingTotal: users.ratingTotal,
      ratingCount: users.ratingCount,
      next: {
        id: open.id,
        startTime: open.startTime,
        endTime: open.endTime,
        timezone: open.timezone,
        seatsLeft: open.seatsLeft,
        available: open.available,
      },
    })
    .from(ids)
    .innerJoin(lessons, eq(lessons.id, ids.id))
    .innerJoin(categories, eq(categories.id, lessons.categoryId))
    .innerJoin(users, eq(users.id, lessons.ownerId))
    .leftJoinLateral(open, sql`true`)
    .orderBy(...newest(order))
}

/** What the student and guest catalogue lists: lessons with sessions, filtered. */
const catalogueWhere = (filters: Omit<CatalogueFilters, 'order'>) => {
  const title = filters.title?.trim()
  return and(
    hasSessions,
    teachingOwner,
    filters.categoryIds ? inArray(lessons.categoryId, filters.categoryIds) : undefined,
    title ? containsText(sql`${lessons.title}`, title) : undefined,
  )
}

/** A page of the student and guest catalogue, newest first by default. */
export const listCatalogue = async (
  db: Executor,
  filters: CatalogueFilters,
  page: CataloguePageRequest,
  now: Date,
): Promise<CatalogueLessonRecord[]> => {
  const rows = await selectCataloguePage(db, catalogueWhere(filters), filters.order, page, now)
  return rows.map(({ ratingTotal, ratingCount, next, ...record }) => ({
    ...record,
    availableSessions: next.available ?? 0,
    ratingAverage: ratingCount === 0 ? null : ratingTotal / ratingCount,
    ratingCount,
    // A lesson without an open session joins a row of nulls; the subquery's fields come back as
    // the driver's text, not as the columns' types.
    nextSession:
      next.id === null
        ? null
        : {
            id: next.id,
            startTime: new Date(next.startTime),
            endTime: new Date(next.endTime),
            timezone: next.timezone,
            seatsLeft: next.seatsLeft,
          },
  }))
}

/** How many lessons a listing holds, whatever the page. */
const countLessons = (db: Executor, where: SQL | undefined) =>
  countOf(db.select({ count: count() }).from(lessons).where(where))

/** How many lessons the catalogue lists with these filters. */
export const countCatalogue = (db: Executor, filters: Omit<CatalogueFilters, 'order'>) =>
  countLessons(db, catalogueWhere(filters))

/** One of an educator's own lessons with its counts over the sessions that have not ended. */
export interface OwnLessonRecord extends LessonRecord {
  upcomingSessions: number
  seatsTaken: number
  seatsTotal: number
}

/** The placeholders of the lists of a user's lessons, filled on each call. */
const listedFor = {
  user: sql.placeholder('user'),
  at: instantPlaceholder,
  page: { take: sql.placeholder('take'), offset: sql.placeholder('offset') },
}

/** The values of `listedFor`'s placeholders for one call. */
const listedValues = (userId: number, page: PageRequest, now: Date) => ({
  user: userId,
  at: now.toISOString(),
  take: page.take,
  offset: page.offset,
})

const ownedBy = eq(lessons.ownerId, listedFor.user)

/**
 * One page of an educator's own lessons, written once: the page's lessons each join, laterally,
 * an aggregate over their own sessions that have not ended (the sessions' lesson index) and those
 * sessions' live seats (the seats' session index).
 */
const ownLessonsPage = builtOnce('own_lessons', (db) => {
  const ids = pageOfLessons(db, ownedBy, 'DESC', listedFor.page)
  const upcoming = db
    .select({
      sessions: sql<number>`count(*)::int`.as('upcoming_sessions'),
      seatsTaken: sql<number>`coalesce(sum((
        select count(*) from enrollments as e
        where e.session_id = ${qualified('lesson_sessions', 'id')} and e.cancelled_at is null
      )), 0)::int`.as('seats_taken'),
    })
    .from(lessonSessions)
    .where(
      and(
        eq(lessonSessions.lessonId, lessons.id),
        gt(lessonSessions.endTime, listedFor.at),
        ne(lessonSessions.decision, 'cancelled'),
      ),
    )
    .as('upcoming')
  return db
    .select({
      ...lessonRecordFields(listedFor.at),
      upcomingSessions: upcoming.sessions,
      seatsTaken: upcoming.seatsTaken,
      seatsTotal: sql<number>`(${upcoming.sessions} * ${lessons.maxSlots})::int`,
    })
    .from(ids)
    .innerJoin(lessons, eq(lessons.id, ids.id))
    .innerJoin(categories, eq(categories.id, lessons.categoryId))
    .innerJoin(users, eq(users.id, lessons.ownerId))
    .innerJoinLateral(upcoming, sql`true`)
    .orderBy(...newest('DESC'))
})

const ownLessonsCount = builtOnce('own_lessons_count', (db) =>
  db.select({ count: count() }).from(lessons).where(ownedBy),
)

/**
 * An educator's own lessons, with or without sessions, newest first, each with the number of its
 * sessions that have not ended (nor were cancelled) and the seats taken and offered over them.
 */
export const listOwnLessons = async (
  db: Executor,
  ownerId: number,
  page: PageRequest,
  now: Date,
): Promise<{ records: OwnLessonRecord[]; itemCount: number }> => {
  const values = listedValues(ownerId, page, now)
  return countedPage(page, ownLessonsPage(db, values), () => countOf(ownLessonsCount(db, values)))
}

export const findLessonRecord = async (
  db: Executor,
  lessonId: number,
  now: Date,
): Promise<LessonRecord | undefined> => {
  const [record] = await selectLessonRecords(db, instant(now))
    .where(eq(lessons.id, lessonId))
    .limit(1)
  return record
}

/** Lessons by id (an array of them), written once: the lists of sessions look theirs up. */
const lessonRecordsByIds = builtOnce('lesson_records_by_ids', (db) =>
  selectLessonRecords(db, instantPlaceholder).where(
    eq(lessons.id, sql`any(${sql.placeholder('ids')}::int[])`),
  ),
)

/** Several lessons in one query, by id. */
export const findLessonRecords = async (db: Executor, lessonIds: number[], now: Date) => {
  if (lessonIds.length === 0) return new Map<number, LessonRecord>()
  const records = await lessonRecordsByIds(db, { ids: lessonIds, at: now.toISOString() })
  return new Map(records.map((record) => [record.lesson.id, record]))
}

/** The bare row, for ownership checks before a write. */
export const findLessonRow = async (db: Executor, lessonId: number) => {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1)
  return row
}

export const categoryExists = async (db: Executor, categoryId: number) => {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1)
  return row !== undefined
}

export const listCategories = (db: Executor) =>
  db.select().from(categories).orderBy(asc(categories.id))

/** An uploaded cover image, if it exists and the given educator uploaded it. */
export const findOwnImage = async (db: Executor, fileId: number, ownerId: number) => {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, ownerId), eq(files.kind, 'image')))
    .limit(1)
  return row
}

export interface LessonFields {
  title: string
  categoryId: number
  priceInCents: number
  minSlots: number
  maxSlots: number
  about?: string | undefined
  details?: string | undefined
  imageId?: number | null | undefined
  links?: LessonLink[] | undefined
}

/** Keeps only the fields that were given, so an update leaves the others as they are. */
const given = (fields: LessonFields) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))

/** Records which lesson a cover image belongs to. */
const attachImage = async (db: Executor, imageId: number | null | undefined, lessonId: number) => {
  if (imageId) await db.update(files).set({ lessonId }).where(eq(files.id, imageId))
}

/**
 * The cover the lesson names was removed between its check and this write (the housekeeping sweep
 * takes uploads left unattached for a day): the educator uploads it again, as for no cover.
 */
const orCoverGone = (error: unknown): never => {
  if (pgErrorCode(error) === PG.foreignKey)
    throw new BadRequestError([MESSAGES.lessons.imageRequired])
  throw error
}

export const insertLesson = async (db: Executor, ownerId: number, fields: LessonFields) => {
  const [row] = await db
    .insert(lessons)
    .values({ ...fields, ownerId })
    .returning({ id: lessons.id })
    .catch(orCoverGone)
  if (!row) throw new Error('Lesson was not created')
  await attachImage(db, fields.imageId, row.id)
  return row.id
}

export const updateLesson = async (db: Executor, lessonId: number, fields: LessonFields) => {
  await db
    .update(lessons)
    .set({ ...given(fields), updatedAt: new Date() })
    .where(eq(lessons.id, lessonId))
    .catch(orCoverGone)
  await attachImage(db, fields.imageId, lessonId)
}

export const insertImageFile = async (
  db: Executor,
  file: { ownerId: number; filename: string; mimeType: string; size: number; storageKey: string },
) => {
  const [row] = await db
    .insert(files)
    .values({ ...file, kind: 'image' })
    .returning({ id: files.id })
  if (!row) throw new Error('File was not recorded')
  return row.id
}

/**
 * Deletes a cover image that no lesson shows any more; answers its row (for its bytes), or
 * undefined when it is still shown or already gone.
 */
export const deleteUnusedImage = async (db: Executor, fileId: number) => {
  const [row] = await db
    .delete(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.kind, 'image'),
        sql`not exists (select 1 from ${lessons} where ${lessons.imageId} = ${files.id})`,
      ),
    )
    .returning()
  return row
}

/** The cover image of a lesson: null when the lesson has none. */
export const findLessonImage = async (db: Executor, lessonId: number) => {
  const [row] = await db
    .select({
      lessonId: lessons.id,
      ownerId: lessons.ownerId,
      sessionCount: lessons.sessionCount,
      image: files,
    })
    .from(lessons)
    .leftJoin(files, eq(files.id, lessons.imageId))
    .where(eq(lessons.id, lessonId))
    .limit(1)
  return row
}

const attendedBy = seatsAttendedBy(listedFor.user, listedFor.at)
const lastSessionEnd = max(lessonSessions.endTime)

/** One page of the lessons a student attended, most recent first, written once. */
const attendedLessonsPage = builtOnce('attended_lessons', (db) =>
  selectSeatsWithSessions(db, { lessonId: lessonSessions.lessonId, lastSessionEnd })
    .where(attendedBy)
    .groupBy(lessonSessions.lessonId)
    .orderBy(desc(lastSessionEnd), desc(lessonSessions.lessonId))
    .limit(listedFor.page.take)
    .offset(listedFor.page.offset),
)

const attendedLessonsCount = builtOnce('attended_lessons_count', (db) =>
  selectSeatsWithSessions(db, { count: countDistinct(lessonSessions.lessonId) }).where(attendedBy),
)

/**
 * The lessons a student attended: those with an ended session the student held a seat in, each
 * with the end of the last such session, most recent first. Counted and paged in the database.
 */
export const listAttendedLessons = async (
  db: Executor,
  studentId: number,
  page: PageRequest,
  now: Date,
) => {
  const values = listedValues(studentId, page, now)
  const { records, itemCount } = await countedPage(page, attendedLessonsPage(db, values), () =>
    countOf(attendedLessonsCount(db, values)),
  )
  return {
    items: records.flatMap((row) =>
      row.lastSessionEnd ? [{ lessonId: row.lessonId, lastSessionEnd: row.lastSessionEnd }] : [],
    ),
    itemCount,
  }
}
