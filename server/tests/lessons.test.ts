import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import Value from 'typebox/value'
import { describe, expect, it, vi } from 'vitest'
import { buildPath } from '../../contract/descriptor.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import {
  createLesson as createLessonEndpoint,
  getLesson,
  lessonHistory,
  listLessons,
  myLessons,
  upcomingLessons,
} from '../../contract/endpoints/lessons.ts'
import { COVER_HEIGHT, COVER_WIDTH, UPLOAD_LIMIT_BYTES } from '../../contract/rules.ts'
import { categories, files, lessonSessions, lessons as lessonRows } from '../src/db/schema.ts'
import {
  coverRendition,
  coverRenditions,
  MAX_INPUT_PIXELS,
} from '../src/services/cover-renditions.ts'
import {
  cookieFor,
  createCast,
  createCategory,
  createLesson,
  createReview,
  createSession,
  DAY,
  enroll,
  GIF_BYTES,
  HOUR,
  MINUTE,
  multipartFile,
  PNG_BYTES,
  userOf,
  type Cast,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, setupTestApp } from './helpers.ts'

/** What the app logs at error level: answering an image must log nothing. */
const errorLog: string[] = []
const context = setupTestApp({ errorLog })

const NOT_APPROVED = 'Your account has not been approved yet'
type Who = keyof Cast
const EVERYONE: Who[] = [
  'guest',
  'student',
  'unverifiedEducator',
  'owner',
  'anotherEducator',
  'admin',
]

const uploadImage = (
  cookie: string | null,
  file = multipartFile('image', 'cover.png', PNG_BYTES, 'image/png'),
) => context.call(lessons.uploadLessonImage, { cookie, body: file.body, headers: file.headers })

const readLesson = (id: number, cookie: string | null) =>
  context.call(lessons.getLesson, { params: { id }, cookie })

/** The 'Languages' category, created on first use in a test. */
const languages = async () => {
  const [existing] = await context.db
    .select()
    .from(categories)
    .where(eq(categories.title, 'Languages'))
  return existing ?? createCategory(context.db, { title: 'Languages', titleJp: '言語' })
}

/** A valid create/update body in the 'Languages' category. */
const lessonBody = async (overrides: Record<string, unknown> = {}) => {
  const category = await languages()
  return {
    title: 'Conversational Japanese',
    categoryId: category.id,
    price_in_cents: 2500,
    min_slots: 1,
    max_slots: 3,
    about: 'Speak from day one',
    details: 'Twelve sessions of practice',
    links: [{ title: 'Kana', description: 'A chart', url: 'https://example.com/kana' }],
    files: [],
    sessions: [],
    ...overrides,
  }
}

describe('GET /lessons', () => {
  it('lists lessons with sessions, newest first, 20 to a page, with the guest filters', async () => {
    const cast = await createCast(context.db)
    const owner = userOf(cast.owner)
    for (let index = 0; index < 22; index += 1) {
      const lesson = await createLesson(context.db, owner, {
        title: index === 0 ? 'Oldest Piano' : `Lesson ${index}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
      })
      await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    }
    await createLesson(context.db, owner, { title: 'Piano draft' })

    const first = await context.call(lessons.listLessons, { cookie: cast.student.cookie })
    expect(first.statusCode).toBe(200)
    expect(Value.Check(listLessons.response[200], first.json())).toBe(true)
    expect(bodyOf(first).data).toHaveLength(20)
    expect(bodyOf(first).data[0]?.title).toBe('Lesson 21')
    expect(bodyOf(first).meta).toEqual({
      page: 1,
      take: 20,
      itemCount: 22,
      pageCount: 2,
      hasNextPage: true,
    })
    const second = await context.call(lessons.listLessons, {
      query: { page: 2 },
      cookie: cast.student.cookie,
    })
    expect(bodyOf(second).data.map((lesson) => lesson.title)).toEqual(['Lesson 1', 'Oldest Piano'])
    const search = await context.call(lessons.listLessons, {
      query: { title: 'PIANO' },
      cookie: cast.student.cookie,
    })
    expect(bodyOf(search).data.map((lesson) => lesson.title)).toEqual(['Oldest Piano'])
  })

  it.each(EVERYONE.map((who) => [who, who === 'guest' ? 401 : 200] as const))(
    'answers %s with %i',
    async (who, status) => {
      const cast = await createCast(context.db)
      const lesson = await createLesson(context.db, userOf(cast.owner))
      await createSession(context.db, lesson, { startsIn: DAY })
      const response = await context.call(lessons.listLessons, { cookie: cast[who].cookie })
      expect(response.statusCode).toBe(status)
      if (status === 200) expect(bodyOf(response).meta.itemCount).toBe(1)
    },
  )
})

describe('GET /lessons/:id', () => {
  it.each(EVERYONE.map((who) => [who, who === 'guest' ? 401 : 200] as const))(
    'answers %s with %i',
    async (who, status) => {
      const cast = await createCast(context.db)
      const lesson = await createLesson(context.db, userOf(cast.owner), { title: 'Calligraphy' })
      await createSession(context.db, lesson, { startsIn: DAY })
      const response = await readLesson(lesson.id, cast[who].cookie)
      expect(response.statusCode).toBe(status)
      if (status === 200) {
        expect(Value.Check(getLesson.response[200], response.json())).toBe(true)
        expect(response.json()).toMatchObject({ id: lesson.id, title: 'Calligraphy' })
      }
    },
  )

  it('answers 404 for an unknown lesson', async () => {
    const cast = await createCast(context.db)
    const response = await readLesson(55555, cast.student.cookie)
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).message).toBe('Lesson not found')
  })

  // §4: a draft is its owner's and the admins' only; anyone else is told it does not exist.
  const draftAnswers: Record<Who, number> = {
    guest: 401,
    student: 404,
    unverifiedEducator: 404,
    owner: 200,
    anotherEducator: 404,
    admin: 200,
  }
  it.each(EVERYONE.map((who) => [who, draftAnswers[who]] as const))(
    'answers %s with %i for a draft (a lesson without sessions)',
    async (who, status) => {
      const cast = await createCast(context.db)
      const draft = await createLesson(context.db, userOf(cast.owner), { title: 'Draft' })
      const response = await readLesson(draft.id, cast[who].cookie)
      expect(response.statusCode).toBe(status)
      if (status === 404) {
        // The same answer as for a lesson that does not exist.
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'Lesson not found',
          code: 'http.notFound',
          params: { what: 'Lesson' },
          requestId: expect.any(String) as string,
        })
      }
      if (status === 200) expect(response.json()).toMatchObject({ id: draft.id, title: 'Draft' })
    },
  )

  it('shows a lesson to students from its first session on, and hides it when the last goes', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    // The owner's answer is read (and kept by the catalogue's cache) first.
    expect((await readLesson(lesson.id, cast.owner.cookie)).statusCode).toBe(200)
    expect((await readLesson(lesson.id, cast.student.cookie)).statusCode).toBe(404)
    const session = await createSession(context.db, lesson, { startsIn: -DAY })
    expect((await readLesson(lesson.id, cast.student.cookie)).statusCode).toBe(200)
    await context.db.delete(lessonSessions).where(eq(lessonSessions.id, session.id))
    expect((await readLesson(lesson.id, cast.student.cookie)).statusCode).toBe(404)
    expect((await readLesson(lesson.id, cast.owner.cookie)).statusCode).toBe(200)
  })
})

describe('GET /lessons/my', () => {
  it("lists the educator's own lessons, with or without sessions, newest first", async () => {
    const cast = await createCast(context.db)
    const owner = userOf(cast.owner)
    const older = await createLesson(context.db, owner, {
      title: 'Older',
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    })
    await createSession(context.db, older, { startsIn: DAY })
    await createLesson(context.db, owner, {
      title: 'Newer draft',
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    })
    await createLesson(context.db, userOf(cast.anotherEducator), { title: 'Not mine' })

    const response = await context.call(lessons.myLessons, { cookie: cast.owner.cookie })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(myLessons.response[200], response.json())).toBe(true)
    expect(bodyOf(response).data.map((lesson) => lesson.title)).toEqual(['Newer draft', 'Older'])
    expect(bodyOf(response).meta).toMatchObject({ take: 20, itemCount: 2 })
    const paged = await context.call(lessons.myLessons, {
      query: { take: 1, page: 2 },
      cookie: cast.owner.cookie,
    })
    expect(bodyOf(paged).data.map((lesson) => lesson.title)).toEqual(['Older'])
  })

  it('counts the upcoming sessions and their seats of each lesson, in one page', async () => {
    const cast = await createCast(context.db)
    const owner = userOf(cast.owner)
    const student = userOf(cast.student)
    const other = await createUser(context.db, { role: 'student' })
    const third = await createUser(context.db, { role: 'student' })
    const at = (day: number) => ({ createdAt: new Date(Date.UTC(2025, 0, day)) })
    const draft = await createLesson(context.db, owner, { title: 'Draft', ...at(1) })
    const over = await createLesson(context.db, owner, { title: 'Over', maxSlots: 5, ...at(2) })
    const busy = await createLesson(context.db, owner, { title: 'Busy', maxSlots: 4, ...at(3) })
    const small = await createLesson(context.db, owner, { title: 'Small', maxSlots: 2, ...at(4) })

    // A past session with seats counts for nothing.
    const past = await createSession(context.db, over, { startsIn: -2 * DAY })
    await enroll(context.db, past, student)
    // Busy: a past session (ignored), a live one and two future ones; cancelled seats are free.
    await enroll(context.db, await createSession(context.db, busy, { startsIn: -DAY }), other)
    const live = await createSession(context.db, busy, { startsIn: -10 * MINUTE })
    const soon = await createSession(context.db, busy, { startsIn: DAY })
    await createSession(context.db, busy, { startsIn: 2 * DAY })
    await enroll(context.db, live, student)
    await enroll(context.db, live, other)
    await enroll(context.db, soon, third)
    await enroll(context.db, soon, student, { cancelled: true })
    // Small: one future session, full.
    const full = await createSession(context.db, small, { startsIn: 3 * DAY })
    await enroll(context.db, full, student)
    await enroll(context.db, full, other)
    // Another educator's sessions change nothing.
    const theirs = await createLesson(context.db, userOf(cast.anotherEducator), { maxSlots: 9 })
    await enroll(context.db, await createSession(context.db, theirs, { startsIn: DAY }), student)

    const response = await context.call(lessons.myLessons, { cookie: cast.owner.cookie })
    expect(Value.Check(myLessons.response[200], response.json())).toBe(true)
    const counts = bodyOf(response).data.map((lesson) => [
      lesson.title,
      lesson.upcomingSessions,
      lesson.seatsTaken,
      lesson.seatsTotal,
    ])
    expect(counts).toEqual([
      ['Small', 1, 2, 2],
      ['Busy', 3, 3, 12],
      ['Over', 0, 0, 0],
      ['Draft', 0, 0, 0],
    ])
    expect(bodyOf(response).data.map((lesson) => lesson.id)).toEqual([
      small.id,
      busy.id,
      over.id,
      draft.id,
    ])
    // Paging keeps the counts and counts lessons, not sessions or seats.
    const paged = await context.call(lessons.myLessons, {
      query: { take: 1, page: 2 },
      cookie: cast.owner.cookie,
    })
    expect(bodyOf(paged).data.map((lesson) => [lesson.title, lesson.seatsTaken])).toEqual([
      ['Busy', 3],
    ])
    expect(bodyOf(paged).meta).toMatchObject({ itemCount: 4, pageCount: 4 })
  })

  it.each([
    ['guest', 401],
    ['student', 403],
    ['unverifiedEducator', 200],
    ['owner', 200],
    ['anotherEducator', 200],
    ['admin', 403],
  ] as const)('answers %s with %i', async (who, status) => {
    const cast = await createCast(context.db)
    await createLesson(context.db, userOf(cast.owner))
    const response = await context.call(lessons.myLessons, { cookie: cast[who].cookie })
    expect(response.statusCode).toBe(status)
    if (status === 200) {
      expect(bodyOf(response).meta.itemCount).toBe(who === 'owner' ? 1 : 0)
    }
  })
})

describe('GET /lessons/history', () => {
  it('lists the lessons a student attended, to review or reviewed, latest first', async () => {
    const cast = await createCast(context.db)
    const student = userOf(cast.student)
    const owner = userOf(cast.owner)
    const reviewed = await createLesson(context.db, owner, { title: 'Reviewed' })
    const toReview = await createLesson(context.db, owner, { title: 'To review' })
    const upcoming = await createLesson(context.db, owner, { title: 'Still to come' })
    const cancelled = await createLesson(context.db, owner, { title: 'Gave the seat back' })
    const skipped = await createLesson(context.db, owner, { title: 'Never enrolled' })

    const reviewedFirst = await createSession(context.db, reviewed, { startsIn: -10 * DAY })
    const reviewedLast = await createSession(context.db, reviewed, { startsIn: -5 * DAY })
    const toReviewSession = await createSession(context.db, toReview, { startsIn: -2 * DAY })
    const live = await createSession(context.db, upcoming, { startsIn: -30 * MINUTE })
    const cancelledSession = await createSession(context.db, cancelled, { startsIn: -DAY })
    await createSession(context.db, skipped, { startsIn: -3 * DAY })
    await enroll(context.db, reviewedFirst, student)
    await enroll(context.db, reviewedLast, student)
    await enroll(context.db, toReviewSession, student)
    await enroll(context.db, live, student)
    await enroll(context.db, cancelledSession, student, { cancelled: true })
    const review = await createReview(context.db, reviewed, student, {
      body: 'Wonderful',
      rating: 4,
    })

    const response = await context.call(lessons.lessonHistory, { cookie: cast.student.cookie })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(lessonHistory.response[200], response.json())).toBe(true)
    const entries = bodyOf(response).data
    expect(entries.map((entry) => [entry.lesson.title, entry.status])).toEqual([
      ['To review', 'toReview'],
      ['Reviewed', 'reviewed'],
    ])
    expect(entries[0]?.review).toBeNull()
    expect(entries[0]?.lastSessionEnd).toBe(toReviewSession.endTime.toISOString())
    expect(entries[1]?.lastSessionEnd).toBe(reviewedLast.endTime.toISOString())
    expect(entries[1]?.review).toEqual({
      id: review.id,
      body: 'Wonderful',
      rating: 4,
      author: { id: student.id, name: student.name },
      lessonId: reviewed.id,
      lessonTitle: 'Reviewed',
      createdAt: review.createdAt.toISOString(),
    })
    expect(bodyOf(response).meta).toEqual({
      page: 1,
      take: 20,
      itemCount: 2,
      pageCount: 1,
      hasNextPage: false,
    })
    const second = await context.call(lessons.lessonHistory, {
      query: { take: 1, page: 2 },
      cookie: cast.student.cookie,
    })
    expect(bodyOf(second).data.map((entry) => entry.lesson.title)).toEqual(['Reviewed'])
    expect(bodyOf(second).meta).toMatchObject({
      itemCount: 2,
      pageCount: 2,
      hasNextPage: false,
    })
  })

  it.each(EVERYONE.map((who) => [who, who === 'guest' ? 401 : 200] as const))(
    'answers %s with %i (only students have a history)',
    async (who, status) => {
      const cast = await createCast(context.db)
      const lesson = await createLesson(context.db, userOf(cast.owner))
      const session = await createSession(context.db, lesson, { startsIn: -DAY })
      await enroll(context.db, session, userOf(cast.student))
      const response = await context.call(lessons.lessonHistory, { cookie: cast[who].cookie })
      expect(response.statusCode).toBe(status)
      if (status === 200) {
        expect(bodyOf(response).meta.itemCount).toBe(who === 'student' ? 1 : 0)
      }
    },
  )
})

describe('GET /lessons/upcoming', () => {
  const upcomingOf = async (cookie: string | null) => {
    const response = await context.call(lessons.upcomingLessons, { cookie })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(upcomingLessons.response[200], response.json())).toBe(true)
    return bodyOf(response)
  }

  it("lists a student's seats that have not ended, soonest first", async () => {
    const cast = await createCast(context.db)
    const student = userOf(cast.student)
    const lesson = await createLesson(context.db, userOf(cast.owner), { title: 'Mine' })
    const other = await createLesson(context.db, userOf(cast.anotherEducator), { title: 'Other' })
    const later = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const live = await createSession(context.db, other, { startsIn: -10 * MINUTE })
    const over = await createSession(context.db, lesson, { startsIn: -DAY })
    const given = await createSession(context.db, lesson, { startsIn: DAY })
    await createSession(context.db, lesson, { startsIn: 3 * DAY }) // not enrolled
    await enroll(context.db, later, student)
    await enroll(context.db, live, student)
    await enroll(context.db, over, student)
    await enroll(context.db, given, student, { cancelled: true })

    const { data, meta } = await upcomingOf(cast.student.cookie)
    expect(data.map((item) => [item.lesson.title, item.session.id, item.session.type])).toEqual([
      ['Other', live.id, 'live'],
      ['Mine', later.id, 'enrolled'],
    ])
    expect(data[0]?.session.url).toBe('https://meet.google.com/abc-defg-hij')
    expect(data[1]?.session.url).toBeNull()
    expect(meta.itemCount).toBe(2)
  })

  it("lists the sessions of an educator's own lessons that have not ended", async () => {
    const cast = await createCast(context.db)
    const owner = userOf(cast.owner)
    const first = await createLesson(context.db, owner, { title: 'First' })
    const second = await createLesson(context.db, owner, { title: 'Second' })
    const theirs = await createLesson(context.db, userOf(cast.anotherEducator))
    const a = await createSession(context.db, second, { startsIn: DAY })
    const b = await createSession(context.db, first, { startsIn: 2 * DAY })
    await createSession(context.db, first, { startsIn: -DAY })
    await createSession(context.db, theirs, { startsIn: DAY })

    const { data } = await upcomingOf(cast.owner.cookie)
    expect(data.map((item) => [item.lesson.title, item.session.id, item.session.type])).toEqual([
      ['Second', a.id, 'open'],
      ['First', b.id, 'open'],
    ])
    expect(data[0]?.session.url).not.toBeNull()
    const paged = await context.call(lessons.upcomingLessons, {
      query: { take: 1, page: 2 },
      cookie: cast.owner.cookie,
    })
    expect(bodyOf(paged).data.map((item) => item.session.id)).toEqual([b.id])
  })

  it.each(EVERYONE.map((who) => [who, who === 'guest' ? 401 : 200] as const))(
    'answers %s with %i',
    async (who, status) => {
      const cast = await createCast(context.db)
      const lesson = await createLesson(context.db, userOf(cast.owner))
      const session = await createSession(context.db, lesson, { startsIn: DAY })
      await enroll(context.db, session, userOf(cast.student))
      const response = await context.call(lessons.upcomingLessons, { cookie: cast[who].cookie })
      expect(response.statusCode).toBe(status)
      if (status === 200) {
        const takesPart = who === 'student' || who === 'owner'
        expect(bodyOf(response).meta.itemCount).toBe(takesPart ? 1 : 0)
      }
    },
  )
})

describe('POST /lessons/upload-image', () => {
  it('stores an image and answers its id', async () => {
    const cast = await createCast(context.db)
    const response = await uploadImage(cast.owner.cookie)
    expect(response.statusCode).toBe(201)
    const { id } = bodyOf(response)
    const [row] = await context.db.select().from(files).where(eq(files.id, id))
    expect(row).toMatchObject({
      ownerId: userOf(cast.owner).id,
      kind: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
      size: PNG_BYTES.length,
      lessonId: null,
    })
    expect(await context.app.storage.get(row?.storageKey ?? '')).toEqual(PNG_BYTES)
  })

  it('judges the type by content: a PNG named .pdf is an image', async () => {
    const cast = await createCast(context.db)
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', 'notes.pdf', PNG_BYTES, 'application/pdf'),
    )
    expect(response.statusCode).toBe(201)
    const [row] = await context.db
      .select()
      .from(files)
      .where(eq(files.id, bodyOf(response).id))
    expect(row?.mimeType).toBe('image/png')
  })

  it('accepts a GIF', async () => {
    const cast = await createCast(context.db)
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', 'anim.gif', GIF_BYTES, 'image/gif'),
    )
    expect(response.statusCode).toBe(201)
  })

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image')],
    [
      // An acTL chunk before the first IDAT: renditions would show its first frame only.
      'an animated PNG',
      Buffer.concat([
        PNG_BYTES.subarray(0, 33),
        Buffer.from([0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        PNG_BYTES.subarray(33),
      ]),
    ],
    [
      'a PDF named .png',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
    ],
  ])('refuses %s with 415', async (_name, bytes) => {
    const cast = await createCast(context.db)
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', 'cover.png', bytes, 'image/png'),
    )
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Invalid file type.',
      code: 'uploads.invalidType',
      requestId: expect.any(String) as string,
    })
    expect(await context.db.select().from(files)).toEqual([])
  })

  it('refuses a file over 10 MB with 413', async () => {
    const cast = await createCast(context.db)
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(UPLOAD_LIMIT_BYTES)])
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', 'huge.png', big, 'image/png'),
    )
    expect(response.statusCode).toBe(413)
    expect(errorOf(response).message).toBe('File is too large. Maximum size is 10MB.')
    expect(await context.db.select().from(files)).toEqual([])
  })

  it('accepts a file of exactly 10 MB', async () => {
    const cast = await createCast(context.db)
    const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(UPLOAD_LIMIT_BYTES - PNG_BYTES.length)])
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', 'exact.png', exact, 'image/png'),
    )
    expect(response.statusCode).toBe(201)
  })

  it('answers 400 when no image file is sent', async () => {
    const cast = await createCast(context.db)
    const boundary = 'manabi-boundary'
    const onlyAField = await context.call(lessons.uploadLessonImage, {
      cookie: cast.owner.cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    })
    expect(onlyAField.statusCode).toBe(400)
    expect(errorOf(onlyAField).message).toEqual(['No file provided'])

    const otherField = await uploadImage(
      cast.owner.cookie,
      multipartFile('file', 'cover.png', PNG_BYTES, 'image/png'),
    )
    expect(otherField.statusCode).toBe(400)
    expect(errorOf(otherField).message).toEqual(['No file provided'])

    const json = await context.call(lessons.uploadLessonImage, {
      cookie: cast.owner.cookie,
      body: { image: 'cover.png' },
    })
    expect(json.statusCode).toBe(400)
    expect(errorOf(json).message).toEqual(['No file provided'])
  })

  it('answers 400 for a blank file name', async () => {
    const cast = await createCast(context.db)
    const response = await uploadImage(
      cast.owner.cookie,
      multipartFile('image', '   .png', PNG_BYTES, 'image/png'),
    )
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual(['File name cannot be empty'])
  })

  it.each([
    ['guest', 401],
    ['student', 403],
    ['unverifiedEducator', 403],
    ['owner', 201],
    ['anotherEducator', 201],
    ['admin', 403],
  ] as const)('answers %s with %i', async (who, status) => {
    const cast = await createCast(context.db)
    const response = await uploadImage(cast[who].cookie)
    expect(response.statusCode).toBe(status)
    if (who === 'unverifiedEducator') expect(errorOf(response).message).toBe(NOT_APPROVED)
  })
})

describe('POST /lessons', () => {
  it('publishes a lesson for a verified educator', async () => {
    const cast = await createCast(context.db)
    const owner = userOf(cast.owner)
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const body = await lessonBody({ imageId, imageUrl: 'ignored', title: '  Japanese  ' })
    const response = await context.call(lessons.createLesson, { cookie: cast.owner.cookie, body })
    expect(response.statusCode).toBe(201)
    expect(Value.Check(createLessonEndpoint.response[201], response.json())).toBe(true)
    const lesson = bodyOf(response)
    expect(lesson).toMatchObject({
      title: 'Japanese',
      category: { id: body.categoryId, title: 'Languages', titleJp: '言語' },
      categoryId: body.categoryId,
      price_in_cents: 2500,
      about: 'Speak from day one',
      details: 'Twelve sessions of practice',
      owner: { id: owner.id, name: owner.name, description: 'I teach things' },
      imageId,
      imageUrl: buildPath(lessons.lessonImage.path, { id: lesson.id }),
      min_slots: 1,
      max_slots: 3,
      links: [{ title: 'Kana', description: 'A chart', url: 'https://example.com/kana' }],
      availableSessions: 0,
    })
    const [image] = await context.db.select().from(files).where(eq(files.id, imageId))
    expect(image?.lessonId).toBe(lesson.id)
    // A draft until its first session: its owner reads it by id and among its own lessons; a
    // student neither by id nor in the catalogue (§4).
    expect(bodyOf(await readLesson(lesson.id, cast.owner.cookie)).title).toBe('Japanese')
    expect((await readLesson(lesson.id, cast.student.cookie)).statusCode).toBe(404)
    expect(
      bodyOf(await context.call(lessons.myLessons, { cookie: cast.owner.cookie })).meta.itemCount,
    ).toBe(1)
    expect(
      bodyOf(await context.call(lessons.listLessons, { cookie: cast.student.cookie })).meta
        .itemCount,
    ).toBe(0)
  })

  it('defaults about, details and links when they are left out (creating is the first step)', async () => {
    const cast = await createCast(context.db)
    const category = await createCategory(context.db)
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const response = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: {
        title: 'Bare',
        categoryId: category.id,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 1,
        imageId,
      },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ about: '', details: '', imageId, links: [] })
  })

  it.each([
    ['left out', {}],
    ['null', { imageId: null }],
  ])('refuses a lesson whose image is %s: Please upload an image', async (_name, overrides) => {
    const cast = await createCast(context.db)
    const response = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: await lessonBody(overrides),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual(['Please upload an image'])
    expect(await context.db.select().from(lessonRows)).toEqual([])
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(document.cookie)'],
    ['  data:text/html,<script>alert(1)</script>'],
    ['ftp://files.example.com/kana.pdf'],
    ['\u0001javascript:alert(1)'],
  ])(
    'refuses a link to %j, keeps web links (https:// added to one without a scheme)',
    async (url) => {
      const cast = await createCast(context.db)
      const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
      const links = [
        { title: 'Plain', description: 'No scheme', url: 'example.com/kana' },
        { title: 'Hostile', description: 'Not a web page', url },
      ]
      const refused = await context.call(lessons.createLesson, {
        cookie: cast.owner.cookie,
        body: await lessonBody({ imageId, links }),
      })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).message).toEqual([
        'links[1].url must be a web address (http or https)',
      ])
      const kept = await context.call(lessons.createLesson, {
        cookie: cast.owner.cookie,
        body: await lessonBody({ imageId, links: links.slice(0, 1) }),
      })
      expect(kept.statusCode).toBe(201)
      expect(bodyOf(kept).links).toEqual([{ ...links[0], url: 'https://example.com/kana' }])
    },
  )

  it('reports every broken rule of the form at once', async () => {
    const cast = await createCast(context.db)
    const othersImage = bodyOf(await uploadImage(cast.anotherEducator.cookie)).id
    const response = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: await lessonBody({
        title: '   ',
        categoryId: 999_999,
        min_slots: 4,
        max_slots: 3,
        imageId: othersImage,
      }),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([
      'title is required',
      'Category does not exist',
      'max_slots must be at least min_slots',
      'Image does not exist',
    ])
    expect(await context.db.select().from(lessonRows)).toEqual([])
  })

  it.each([
    ['a missing title', { title: undefined }, 'title is required'],
    ['a fractional price', { price_in_cents: 10.5 }, 'price_in_cents must be integer'],
    ['a negative price', { price_in_cents: -1 }, 'price_in_cents must be >= 0'],
    ['no seats', { min_slots: 0 }, 'min_slots must be >= 1'],
    ['more than 50 seats', { max_slots: 51 }, 'max_slots must be <= 50'],
    [
      'sessions in the body',
      { sessions: [{ date: '2030-01-01' }] },
      'sessions must NOT have more than 0 items',
    ],
    ['files in the body', { files: [{}] }, 'files must NOT have more than 0 items'],
    ['an unknown image', { imageId: 424_242 }, 'Image does not exist'],
  ])('refuses %s with 400', async (_name, overrides, message) => {
    const cast = await createCast(context.db)
    const response = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: await lessonBody(overrides),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toContain(message)
  })

  it.each([
    ['guest', 401],
    ['student', 403],
    ['unverifiedEducator', 403],
    ['owner', 201],
    ['anotherEducator', 201],
    ['admin', 403],
  ] as const)('answers %s with %i', async (who, status) => {
    const cast = await createCast(context.db)
    const imageId = status === 201 ? bodyOf(await uploadImage(cast[who].cookie)).id : 1
    const response = await context.call(lessons.createLesson, {
      cookie: cast[who].cookie,
      body: await lessonBody({ imageId }),
    })
    expect(response.statusCode).toBe(status)
    if (who === 'unverifiedEducator') expect(errorOf(response).message).toBe(NOT_APPROVED)
  })
})

describe('PUT /lessons/:id', () => {
  const put = (lessonId: number, cookie: string | null, body: unknown) =>
    context.call(lessons.updateLesson, { params: { id: lessonId }, cookie, body })

  const ownLessonWithImage = async (cast: Cast) => {
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const created = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: await lessonBody({ imageId }),
    })
    return { lesson: bodyOf(created), imageId }
  }

  it('updates the fields and keeps the image when imageId is left out', async () => {
    const cast = await createCast(context.db)
    const { lesson, imageId } = await ownLessonWithImage(cast)
    const music = await createCategory(context.db, { title: 'Music', titleJp: '音楽' })
    const response = await put(lesson.id, cast.owner.cookie, {
      title: 'Shamisen',
      categoryId: music.id,
      price_in_cents: 9900,
      min_slots: 2,
      max_slots: 2,
      about: 'Strings',
      details: 'Three of them',
      links: [],
      sessions: [],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: lesson.id,
      title: 'Shamisen',
      category: { id: music.id, title: 'Music', titleJp: '音楽' },
      price_in_cents: 9900,
      min_slots: 2,
      max_slots: 2,
      about: 'Strings',
      details: 'Three of them',
      imageId,
      imageUrl: buildPath(lessons.lessonImage.path, { id: lesson.id }),
      links: [],
      createdAt: lesson.createdAt,
    })
    expect(bodyOf(await readLesson(lesson.id, cast.owner.cookie)).title).toBe('Shamisen')
  })

  const storedFile = async (fileId: number) => {
    const [row] = await context.db.select().from(files).where(eq(files.id, fileId))
    return row
  }

  it('refuses removing the image, and replaces it, deleting the old cover and its bytes', async () => {
    const cast = await createCast(context.db)
    const { lesson, imageId } = await ownLessonWithImage(cast)
    const base = await lessonBody()
    const removed = await put(lesson.id, cast.owner.cookie, { ...base, imageId: null })
    expect(removed.statusCode).toBe(400)
    expect(errorOf(removed).message).toEqual(['Please upload an image'])

    const oldKey = (await storedFile(imageId))?.storageKey ?? ''
    expect(await context.app.storage.get(oldKey)).toEqual(PNG_BYTES)
    const newImage = bodyOf(await uploadImage(cast.owner.cookie)).id
    const swapped = await put(lesson.id, cast.owner.cookie, { ...base, imageId: newImage })
    expect(swapped.statusCode).toBe(200)
    expect(swapped.json()).toMatchObject({ imageId: newImage })
    expect(await storedFile(imageId)).toBeUndefined()
    expect(await context.app.storage.get(oldKey)).toBeNull()
    expect((await storedFile(newImage))?.lessonId).toBe(lesson.id)
    const cover = await context.call(lessons.lessonImage, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
    })
    expect(cover.statusCode).toBe(200)

    // Sending the same cover again keeps it.
    const same = await put(lesson.id, cast.owner.cookie, { ...base, imageId: newImage })
    expect(same.statusCode).toBe(200)
    expect(await storedFile(newImage)).toBeDefined()
  })

  it('keeps a replaced cover that another lesson of the educator still shows', async () => {
    const cast = await createCast(context.db)
    const { lesson, imageId } = await ownLessonWithImage(cast)
    const twin = await createLesson(context.db, userOf(cast.owner), { imageId })
    const newImage = bodyOf(await uploadImage(cast.owner.cookie)).id
    const swapped = await put(lesson.id, cast.owner.cookie, {
      ...(await lessonBody()),
      imageId: newImage,
    })
    expect(swapped.statusCode).toBe(200)
    expect(await storedFile(imageId)).toBeDefined()
    const twinCover = await context.call(lessons.lessonImage, {
      params: { id: twin.id },
      cookie: cast.owner.cookie,
    })
    expect(twinCover.statusCode).toBe(200)
  })

  it('requires an image when the lesson has none and the body leaves it out', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    const response = await put(lesson.id, cast.owner.cookie, await lessonBody())
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual(['Please upload an image'])
  })

  it.each([
    ['blank about', { about: '   ' }, ['about is required']],
    ['blank details', { details: '' }, ['details is required']],
    ['both blank', { about: ' ', details: '\n' }, ['about is required', 'details is required']],
  ])('refuses %s when editing', async (_name, overrides, messages) => {
    const cast = await createCast(context.db)
    const { lesson } = await ownLessonWithImage(cast)
    const response = await put(lesson.id, cast.owner.cookie, await lessonBody(overrides))
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual(messages)
    expect(bodyOf(await readLesson(lesson.id, cast.owner.cookie)).about).toBe('Speak from day one')
  })

  it('keeps about and details left out, but refuses them left out when still empty', async () => {
    const cast = await createCast(context.db)
    const { lesson } = await ownLessonWithImage(cast)
    const rest: Record<string, unknown> = await lessonBody({ title: 'Renamed' })
    delete rest.about
    delete rest.details
    const kept = await put(lesson.id, cast.owner.cookie, rest)
    expect(kept.statusCode).toBe(200)
    expect(kept.json()).toMatchObject({ title: 'Renamed', about: 'Speak from day one' })

    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const empty = await createLesson(context.db, userOf(cast.owner), {
      about: '',
      details: '',
      imageId,
    })
    const refused = await put(empty.id, cast.owner.cookie, rest)
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).message).toEqual(['about is required', 'details is required'])
  })

  it('refuses broken rules with 400 and changes nothing', async () => {
    const cast = await createCast(context.db)
    const { lesson } = await ownLessonWithImage(cast)
    const response = await put(lesson.id, cast.owner.cookie, {
      ...(await lessonBody()),
      min_slots: 10,
      max_slots: 5,
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual(['max_slots must be at least min_slots'])
    expect(bodyOf(await readLesson(lesson.id, cast.owner.cookie)).max_slots).toBe(3)
  })

  it('answers 404 for an unknown lesson', async () => {
    const cast = await createCast(context.db)
    const response = await put(31_337, cast.owner.cookie, await lessonBody())
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).message).toBe('Lesson not found')
  })

  it.each([
    ['guest', 401, 'Unauthorized'],
    ['student', 403, 'Forbidden'],
    // Awaiting approval is refused with the route's declared access, before the lesson is read.
    ['unverifiedEducator', 403, 'Your account has not been approved yet'],
    ['owner', 200, null],
    ['anotherEducator', 403, 'You are not the owner of this lesson'],
    ['admin', 403, 'Forbidden'],
  ] as const)('answers %s with %i', async (who, status, message) => {
    const cast = await createCast(context.db)
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const lesson = await createLesson(context.db, userOf(cast.owner), {
      title: 'Original',
      imageId,
    })
    const response = await put(lesson.id, cast[who].cookie, await lessonBody())
    expect(response.statusCode).toBe(status)
    if (message) expect(errorOf(response).message).toBe(message)
    const [row] = await context.db.select().from(lessonRows).where(eq(lessonRows.id, lesson.id))
    expect(row?.title).toBe(status === 200 ? 'Conversational Japanese' : 'Original')
  })

  it('refuses an owner whose approval is missing', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const lesson = await createLesson(context.db, educator)
    const response = await put(lesson.id, await cookieFor(context.db, educator), await lessonBody())
    expect(response.statusCode).toBe(403)
    expect(errorOf(response).message).toBe(NOT_APPROVED)
  })
})

describe('GET /lessons/:id/image', () => {
  it("answers the cover's bytes with its type and a revalidating cache header", async () => {
    const cast = await createCast(context.db)
    const imageId = bodyOf(
      await uploadImage(cast.owner.cookie, multipartFile('image', 'x.gif', GIF_BYTES)),
    ).id
    const lesson = bodyOf(
      await context.call(lessons.createLesson, {
        cookie: cast.owner.cookie,
        body: await lessonBody({ imageId }),
      }),
    )
    await createSession(context.db, { id: lesson.id, ownerId: lesson.owner.id }, { startsIn: DAY })

    // Follows the link the lesson gave, as a browser's <img> does.
    const response = await context.callPath({ method: 'GET', url: lesson.imageUrl ?? '' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/gif')
    expect(response.headers['cache-control']).toBe('public, no-cache')
    expect(response.rawPayload).toEqual(GIF_BYTES)

    const etag = String(response.headers.etag)
    const again = await context.call(lessons.lessonImage, {
      params: { id: lesson.id },
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    // The handler answers with the reply itself; the route wrapper must not answer again.
    expect(errorLog).toEqual([])
  })

  /** A lesson of the cast's owner whose cover is `bytes`, uploaded as `name`. */
  const lessonWithCover = async (cast: Cast, name: string, bytes: Buffer) => {
    const upload = await uploadImage(cast.owner.cookie, multipartFile('image', name, bytes))
    expect(upload.statusCode).toBe(201)
    const lesson = await createLesson(context.db, userOf(cast.owner), {
      imageId: bodyOf(upload).id,
    })
    // Listed (a session ahead, on a day of its own): its cover is everyone's.
    await createSession(context.db, lesson, { startsIn: lesson.id * DAY })
    return lesson
  }
  const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
  const coverOf = (id: number, accept?: string, etag?: string) =>
    context.call(lessons.lessonImage, {
      params: { id },
      headers: { ...(accept ? { accept } : {}), ...(etag ? { 'if-none-match': etag } : {}) },
    })

  it("answers a browser that shows WebP the cover at the cards' size in WebP, others the upload", async () => {
    const cast = await createCast(context.db)
    // A wide photo, larger than a card's cover in both directions.
    const photo = await sharp({
      create: { width: 2000, height: 500, channels: 3, background: '#3b82f6' },
    })
      .png()
      .toBuffer()
    const lesson = await lessonWithCover(cast, 'wide.png', photo)

    const webp = await coverOf(lesson.id, BROWSER_ACCEPT)
    expect(webp.statusCode).toBe(200)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.headers.vary).toBe('accept')
    const { width, height, format } = await sharp(webp.rawPayload).metadata()
    expect({ width, height, format }).toEqual({
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
      format: 'webp',
    })

    const original = await coverOf(lesson.id, 'image/png,image/*;q=0.8')
    expect(original.headers['content-type']).toBe('image/png')
    expect(original.headers.vary).toBe('accept')
    expect(original.rawPayload).toEqual(photo)
    // Each has its own validator: a copy of one never stands for the other.
    expect(original.headers.etag).not.toBe(webp.headers.etag)
    expect((await coverOf(lesson.id, BROWSER_ACCEPT, String(webp.headers.etag))).statusCode).toBe(
      304,
    )
    expect((await coverOf(lesson.id, undefined, String(webp.headers.etag))).statusCode).toBe(200)
    expect((await coverOf(lesson.id, 'image/webp;q=0', undefined)).headers['content-type']).toBe(
      'image/png',
    )
    // The same bytes every time: made once.
    expect((await coverOf(lesson.id, BROWSER_ACCEPT)).rawPayload).toEqual(webp.rawPayload)
  })

  it('never enlarges a small cover, and sends a GIF or an unreadable upload as it is', async () => {
    const cast = await createCast(context.db)
    const tiny = await lessonWithCover(cast, 'dot.png', PNG_BYTES)
    const small = await coverOf(tiny.id, BROWSER_ACCEPT)
    expect(small.headers['content-type']).toBe('image/webp')
    expect((await sharp(small.rawPayload).metadata()).width).toBe(1)

    const gif = await lessonWithCover(cast, 'moving.gif', GIF_BYTES)
    const moving = await coverOf(gif.id, BROWSER_ACCEPT)
    expect(moving.headers['content-type']).toBe('image/gif')
    expect(moving.rawPayload).toEqual(GIF_BYTES)

    expect(errorLog).toEqual([])
  })

  it('has no rendition for bytes the encoder cannot read, nor for a GIF; makes each once', async () => {
    const renditions = coverRenditions({ keep: 2 })
    const reads: string[] = []
    const read = (name: string, bytes: Buffer) => () => {
      reads.push(name)
      return Promise.resolve(bytes)
    }
    // A PNG's signature and then nothing a decoder can read.
    const broken = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.from('not a picture')])
    const png = (storageKey: string) => ({ storageKey, mimeType: 'image/png' })
    expect(await renditions(png('a.png'), read('a', broken))).toBeNull()
    // A GIF is never read: it has no rendition.
    const gif = { storageKey: 'b.gif', mimeType: 'image/gif' }
    expect(await renditions(gif, read('b', GIF_BYTES))).toBeNull()
    const first = renditions(png('c.png'), read('c', PNG_BYTES))
    expect(renditions(png('c.png'), read('c', PNG_BYTES))).toBe(first)
    expect(reads).toEqual(['a', 'c'])
    // Kept by storage key, the latest two: c.png goes once two others are asked for.
    await renditions(png('d.png'), read('d', PNG_BYTES))
    await renditions(png('e.png'), read('e', PNG_BYTES))
    expect(renditions(png('c.png'), read('c', PNG_BYTES))).not.toBe(first)
    expect(reads).toEqual(['a', 'c', 'd', 'e', 'c'])
  })

  it('reads the upload only when it must: not for a rendition already made, nor for a 304', async () => {
    const cast = await createCast(context.db)
    const lesson = await lessonWithCover(cast, 'dot.png', PNG_BYTES)
    const reads = vi.spyOn(context.app.storage, 'get')
    try {
      const webp = await coverOf(lesson.id, BROWSER_ACCEPT)
      expect(webp.headers['content-type']).toBe('image/webp')
      expect(reads).toHaveBeenCalledTimes(1)
      expect((await coverOf(lesson.id, BROWSER_ACCEPT)).rawPayload).toEqual(webp.rawPayload)
      expect(reads).toHaveBeenCalledTimes(1)
      const original = await coverOf(lesson.id, 'image/png')
      expect(original.rawPayload).toEqual(PNG_BYTES)
      expect(reads).toHaveBeenCalledTimes(2)
      const current = await coverOf(lesson.id, 'image/png', String(original.headers.etag))
      expect(current.statusCode).toBe(304)
      expect(reads).toHaveBeenCalledTimes(2)
    } finally {
      reads.mockRestore()
    }
  })

  it('answers 404 for a cover whose upload storage has lost, and reads it again next time', async () => {
    const cast = await createCast(context.db)
    const lesson = await lessonWithCover(cast, 'dot.png', PNG_BYTES)
    const [image] = await context.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(eq(files.id, lesson.imageId ?? 0))
    const key = image?.storageKey ?? ''
    await context.app.storage.remove(key)
    for (const accept of [BROWSER_ACCEPT, BROWSER_ACCEPT, 'image/png']) {
      const lost = await coverOf(lesson.id, accept)
      expect(lost.statusCode).toBe(404)
      expect(errorOf(lost).message).toBe('Image not found')
    }
    // The failed read was not kept in place of a rendition.
    await context.app.storage.put(key, PNG_BYTES)
    const back = await coverOf(lesson.id, BROWSER_ACCEPT)
    expect(back.statusCode).toBe(200)
    expect(back.headers['content-type']).toBe('image/webp')
    expect(errorLog).toEqual([])
  })

  it('refuses to decode a picture past the pixel limit, sending the upload as it is', async () => {
    // A PNG of 40 million black pixels: a small upload that would decode into 120 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 4_001, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(10_000 * 4_001).toBeGreaterThan(MAX_INPUT_PIXELS)
    await expect(coverRendition(bomb)).rejects.toThrow(/pixel limit/i)
    const cast = await createCast(context.db)
    const lesson = await lessonWithCover(cast, 'huge.png', bomb)
    const sent = await coverOf(lesson.id, BROWSER_ACCEPT)
    expect(sent.headers['content-type']).toBe('image/png')
    expect(sent.rawPayload).toEqual(bomb)
  })

  it('answers 404 when the lesson has no image or does not exist', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    await createSession(context.db, lesson, { startsIn: DAY })
    const noImage = await context.call(lessons.lessonImage, { params: { id: lesson.id } })
    expect(noImage.statusCode).toBe(404)
    expect(errorOf(noImage).message).toBe('Image not found')
    const noLesson = await context.call(lessons.lessonImage, { params: { id: 777777 } })
    expect(noLesson.statusCode).toBe(404)
    expect(errorOf(noLesson).message).toBe('Lesson not found')
  })

  it("answers a listed lesson's cover to everyone, signed in or not, for any cache", async () => {
    const cast = await createCast(context.db)
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const lesson = await createLesson(context.db, userOf(cast.owner), { imageId })
    await createSession(context.db, lesson, { startsIn: DAY })
    for (const who of EVERYONE) {
      const response = await context.call(lessons.lessonImage, {
        params: { id: lesson.id },
        cookie: cast[who].cookie,
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.headers['cache-control']).toBe('public, no-cache')
    }
  })

  it("answers a draft's cover to its owner and the admins only, kept by no shared cache (§4)", async () => {
    const cast = await createCast(context.db)
    const imageId = bodyOf(await uploadImage(cast.owner.cookie)).id
    const draft = await createLesson(context.db, userOf(cast.owner), { imageId })
    const coverAs = (cookie?: string | null) =>
      context.call(lessons.lessonImage, { params: { id: draft.id }, ...(cookie ? { cookie } : {}) })
    for (const cookie of [cast.owner.cookie, cast.admin.cookie]) {
      const response = await coverAs(cookie)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('private, no-cache')
    }
    for (const cookie of [undefined, cast.student.cookie, cast.anotherEducator.cookie]) {
      const response = await coverAs(cookie)
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).message).toBe('Lesson not found')
    }
    // Listed once it has a session.
    await createSession(context.db, draft, { startsIn: DAY })
    expect((await coverAs()).statusCode).toBe(200)
  })
})
