import { describe, expect, it } from 'vitest'
import type { BodyOf } from '@contract/client'
import { buildPath } from '@contract/descriptor'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as sessions from '@contract/descriptors/sessions'
import { demoLessonCover } from '@demo/cover/index'
import { demoWorld } from '@demo/resolve'
import { db, seedIds } from '@/mocks/db'
import { apiAssetUrl } from '@/shared/config/env'
import {
  call,
  dayFromNow,
  fieldsOf,
  idsOf as ids,
  imageUpload,
  PNG_BYTES,
  refused,
  seedCoverOf,
  unchecked,
  uploadedCover,
} from './helpers'

const { educator, educator2, student } = seedIds

const lessonBody = {
  title: 'Kanji in Context',
  categoryId: seedIds.categories.languages,
  price_in_cents: 1500,
  min_slots: 1,
  max_slots: 4,
  imageId: seedCoverOf(seedIds.paidLesson),
  files: [],
  sessions: [],
} satisfies BodyOf<typeof lessons.createLesson>

describe('lesson lists', () => {
  it('pages guest lessons 5 at a time, newest first, without the lesson that has no session', async () => {
    const first = await call(guest.guestLessons, { as: null })
    expect(ids(first.body)).toEqual([13, 11, 10, 9, 8])
    expect(first.body.meta).toEqual({
      page: 1,
      take: 5,
      itemCount: 12,
      pageCount: 3,
      hasNextPage: true,
    })

    const third = await call(guest.guestLessons, { query: { page: 3 } })
    expect(ids(third.body)).toEqual([2, 1])
    expect(third.body.meta.hasNextPage).toBe(false)
    expect(ids((await call(guest.guestLessons, { query: { page: 4 } })).body)).toEqual([])

    const oldestFirst = await call(guest.guestLessons, {
      query: { order: 'ASC', take: 3 },
    })
    expect(ids(oldestFirst.body)).toEqual([1, 2, 3])
  })

  it('never lists a lesson without sessions to students or guests, but lists it to its owner', async () => {
    const all = { take: 100 }
    const guests = await call(guest.guestLessons, { as: null, query: all })
    const students = await call(lessons.listLessons, { as: student, query: all })
    expect(ids(guests.body)).not.toContain(seedIds.lessonWithoutSessions)
    expect(ids(students.body)).toHaveLength(12)
    expect(ids(students.body)).not.toContain(seedIds.lessonWithoutSessions)

    const mine = await call(lessons.myLessons, { as: educator })
    expect(ids(mine.body)).toEqual([13, 12, 9, 7, 4, 1])
  })

  it("counts the owner's upcoming sessions and seats, which follow enrolments", async () => {
    const countsOf = async (id: number) => {
      const mine = await call(lessons.myLessons, { as: educator })
      const lesson = mine.body.data.find((row) => row.id === id)!
      return [lesson.upcomingSessions, lesson.seatsTaken, lesson.seatsTotal]
    }
    // The paid lesson: an ended session (not counted), a live one and a future one, a seat each.
    expect(await countsOf(seedIds.paidLesson)).toEqual([2, 2, 10])
    expect(await countsOf(seedIds.lessonWithoutSessions)).toEqual([0, 0, 0])
    // The free TypeScript lesson: its future session gains a seat.
    const free = seedIds.toReviewLesson
    expect(await countsOf(free)).toEqual([1, 0, 10])
    const future = db.sessions.find(
      (row) => row.lessonId === free && Date.parse(row.start_time) > Date.now(),
    )!
    const enrolled = await call(sessions.enroll, {
      as: seedIds.student3,
      params: { id: free, sessionId: future.id },
    })
    expect(enrolled.status).toBeLessThan(300)
    expect(await countsOf(free)).toEqual([1, 1, 10])
  })

  it('filters by comma-separated categories and case-insensitive title', async () => {
    const byCategory = await call(lessons.listLessons, {
      as: student,
      query: { categoryIds: '2,3' },
    })
    expect(ids(byCategory.body)).toEqual([10, 9, 3, 2])
    const byTitle = await call(guest.guestLessons, {
      as: null,
      query: { title: 'JAPANESE' },
    })
    expect(ids(byTitle.body)).toEqual([5, 1])
    const both = await call(guest.guestLessons, {
      query: { title: 'japanese', categoryIds: '5' },
    })
    expect(ids(both.body)).toEqual([5])
  })

  it('answers 400 with a list for invalid query parameters', async () => {
    const { status, body } = await refused(guest.guestLessons, {
      as: null,
      query: unchecked({ take: 0, page: 'x', categoryIds: 'a,b' }),
    })
    expect(status).toBe(400)
    expect(fieldsOf(body).sort()).toEqual(['categoryIds', 'page', 'take'])
  })

  it("lists the caller's upcoming sessions, soonest first, and a student's history", async () => {
    const upcoming = await call(lessons.upcomingLessons, {
      as: student,
    })
    expect(upcoming.body.data.map((item) => item.session.id)).toEqual([
      seedIds.sessions.live,
      seedIds.sessions.startingSoon,
    ])
    expect(upcoming.body.data[0]?.session.type).toBe('live')

    const teaching = await call(lessons.upcomingLessons, {
      as: educator,
    })
    expect(teaching.body.data.map((item) => item.session.id)).toEqual([2, 3, 11, 15, 17, 20])

    const history = await call(lessons.lessonHistory, { as: student })
    expect(history.body.data.map((entry) => [entry.lesson.id, entry.status])).toEqual([
      [seedIds.paidLesson, 'reviewed'],
      [seedIds.toReviewLesson, 'toReview'],
    ])
    expect(history.body.data[0]?.review?.rating).toBe(5)
  })
})

describe('lesson writes', () => {
  it('creates a lesson that can be read back, listed once it has a session', async () => {
    const created = await call(lessons.createLesson, { as: educator, json: lessonBody })
    expect(created.status).toBe(201)
    const { id } = created.body
    expect(created.body).toMatchObject({
      title: 'Kanji in Context',
      owner: { id: educator, name: 'Kenji Tanaka' },
      category: { id: 1, title: 'Languages', titleJp: '語学' },
      about: '',
      imageUrl: buildPath(lessons.lessonImage.path, { id: created.body.id }),
      availableSessions: 0,
    })

    // A draft until its first session: its owner's only (§4).
    expect((await call(lessons.getLesson, { params: { id }, as: educator })).body.title).toBe(
      'Kanji in Context',
    )
    expect((await call(lessons.getLesson, { params: { id }, as: student })).status).toBe(404)
    expect(ids((await call(lessons.myLessons, { as: educator })).body)[0]).toBe(id)
    expect(
      ids((await call(lessons.listLessons, { as: student, query: { take: 100 } })).body),
    ).not.toContain(id)

    const session = await call(sessions.createSession, {
      params: { id },
      as: educator,
      json: {
        date: dayFromNow(25),
        startHour: '08:00',
        endHour: '09:00',
        timezone: 'UTC',
        url: 'https://zoom.us/j/111',
      },
    })
    expect(session.status).toBe(201)
    const list = await call(guest.guestLessons, { as: null })
    expect(ids(list.body)[0]).toBe(id)
    expect(list.body.data[0]?.availableSessions).toBe(1)
    expect((await call(lessons.getLesson, { params: { id }, as: student })).status).toBe(200)
  })

  it('refuses an unverified educator with 403 and the not-approved message', async () => {
    const { status, body } = await refused(lessons.createLesson, {
      as: seedIds.unverifiedEducator,
      json: lessonBody,
    })
    expect(status).toBe(403)
    expect(body.message).toBe('Your account has not been approved yet')
  })

  it('validates the body against the contract and the slot rule', async () => {
    const invalid = await refused(lessons.createLesson, {
      as: educator,
      json: { ...lessonBody, title: '', price_in_cents: -1, min_slots: 0, max_slots: 51 },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toHaveLength(4)

    const swapped = await call(lessons.createLesson, {
      json: { ...lessonBody, min_slots: 5, max_slots: 2, categoryId: 99 },
    })
    expect(swapped.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Category does not exist', 'max_slots must be at least min_slots'],
    })
  })

  it('lets only the owner update a lesson (403 for another educator, 404 when missing)', async () => {
    const other = await call(lessons.updateLesson, {
      params: { id: seedIds.paidLesson },
      as: educator2,
      json: lessonBody,
    })
    expect(other.status).toBe(403)
    const missing = await call(lessons.updateLesson, {
      params: { id: 999 },
      as: educator,
      json: lessonBody,
    })
    expect(missing.status).toBe(404)
    const own = await call(lessons.updateLesson, {
      params: { id: seedIds.paidLesson },
      json: { ...lessonBody, about: 'Updated about', details: 'Updated details' },
    })
    expect(own.body).toMatchObject({ id: 1, title: 'Kanji in Context', about: 'Updated about' })
    expect(db.lessons.find((lesson) => lesson.id === 1)?.title).toBe('Kanji in Context')
  })

  it('requires an image on create and on update (Please upload an image)', async () => {
    const withoutImage: Omit<typeof lessonBody, 'imageId'> & { imageId?: number } = {
      ...lessonBody,
    }
    delete withoutImage.imageId
    const created = await refused(lessons.createLesson, { as: educator, json: withoutImage })
    expect(created.body.message).toEqual(['Please upload an image'])
    const removed = await refused(lessons.updateLesson, {
      params: { id: seedIds.paidLesson },
      json: { ...lessonBody, about: 'About', details: 'Details', imageId: null },
    })
    expect(removed.body.message).toEqual(['Please upload an image'])
    const withoutCover = db.lessons.find((row) => row.ownerId === educator && !row.imageId)
    const noCover = await refused(lessons.updateLesson, {
      params: { id: withoutCover?.id ?? 0 },
      json: { ...withoutImage, about: 'About', details: 'Details' },
    })
    expect(noCover.body.message).toEqual(['Please upload an image'])
  })

  it('requires about and details once editing, not when creating', async () => {
    const created = await call(lessons.createLesson, { as: educator, json: lessonBody })
    expect(created.status).toBe(201)
    const blank = await refused(lessons.updateLesson, {
      params: { id: created.body.id },
      json: { ...lessonBody, about: '  ', details: '' },
    })
    expect(blank.status).toBe(400)
    expect(blank.body.message).toEqual(['about is required', 'details is required'])
    // Left out, they keep the stored value: still empty here.
    const leftOut = await refused(lessons.updateLesson, {
      params: { id: created.body.id },
      json: lessonBody,
    })
    expect(leftOut.body.message).toEqual(['about is required', 'details is required'])
  })

  it('refuses a link that is not a web page', async () => {
    const hostile = await refused(lessons.createLesson, {
      as: educator,
      json: {
        ...lessonBody,
        links: [{ title: 'x', description: 'y', url: 'JaVaScRiPt:alert(1)' }],
      },
    })
    expect(hostile.body.message).toEqual(['links[0].url must be a web address (http or https)'])
  })

  it('deletes a replaced cover, keeps one another lesson still shows', async () => {
    const imageId = await uploadedCover(educator)
    const lesson = await call(lessons.createLesson, { json: { ...lessonBody, imageId } })
    const update = { ...lessonBody, about: 'About', details: 'Details' }
    const newCover = await uploadedCover(educator)
    const swapped = await call(lessons.updateLesson, {
      params: { id: lesson.body.id },
      json: { ...update, imageId: newCover },
    })
    expect(swapped.body.imageId).toBe(newCover)
    expect(db.files.some((file) => file.id === imageId)).toBe(false)
    expect(db.files.find((file) => file.id === newCover)?.lessonId).toBe(lesson.body.id)

    // The seeded cover lessonBody names is shown by the paid lesson too: it stays.
    const shared = seedCoverOf(seedIds.paidLesson)
    const twin = await call(lessons.createLesson, { json: lessonBody })
    await call(lessons.updateLesson, {
      params: { id: twin.body.id },
      json: { ...update, imageId: await uploadedCover(educator) },
    })
    expect(db.files.some((file) => file.id === shared)).toBe(true)
  })

  it('answers 404 for a missing lesson and 400 for an id that is not a number', async () => {
    expect((await call(lessons.getLesson, { params: { id: 999 }, as: student })).status).toBe(404)
    const bad = await refused(lessons.getLesson, { params: unchecked({ id: 'abc' }), as: student })
    expect(bad.status).toBe(400)
    expect(fieldsOf(bad.body)).toEqual(['id'])
  })
})

describe('lesson images', () => {
  it('stores an uploaded PNG and serves it as the lesson cover', async () => {
    const upload = await call(lessons.uploadLessonImage, {
      as: educator,
      upload: imageUpload(),
    })
    expect(upload.status).toBe(201)
    const created = await call(lessons.createLesson, {
      json: { ...lessonBody, imageId: upload.body.id },
    })
    expect(created.body.imageUrl).toBe(buildPath(lessons.lessonImage.path, { id: created.body.id }))

    const image = await fetch(apiAssetUrl(created.body.imageUrl ?? ''))
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES)
  })

  it("serves the demo lessons' illustrated PNG covers (never SVG) and 404 for a lesson without image", async () => {
    const world = demoWorld(Date.now(), { showcase: false })
    const demoLesson = world.lessons[seedIds.paidLesson - 1]!
    const seeded = await fetch(
      apiAssetUrl(buildPath(lessons.lessonImage.path, { id: seedIds.paidLesson })),
    )
    expect(seeded.status).toBe(200)
    expect(seeded.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await seeded.arrayBuffer())).toEqual(
      new Uint8Array(demoLessonCover(world, demoLesson)!),
    )
    const other = await fetch(
      apiAssetUrl(buildPath(lessons.lessonImage.path, { id: seedIds.pianoLesson })),
    )
    expect(other.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await other.arrayBuffer())).not.toEqual(
      new Uint8Array(demoLessonCover(world, demoLesson)!),
    )
    expect(
      (await call(lessons.lessonImage, { params: { id: seedIds.lessonWithoutImage } })).status,
    ).toBe(404)
  })

  it('rejects a non-image, an empty upload and a too-large image', async () => {
    const text = await call(lessons.uploadLessonImage, {
      as: educator,
      upload: imageUpload('cover.png', new TextEncoder().encode('not an image')),
    })
    expect(text.body).toMatchObject({ statusCode: 415, message: 'Invalid file type.' })

    const wrongField = await call(lessons.uploadLessonImage, {
      upload: { ...imageUpload(), field: 'file' },
    })
    expect(wrongField.body).toMatchObject({ statusCode: 400, message: ['No file provided'] })

    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(PNG_BYTES)
    const tooLarge = await call(lessons.uploadLessonImage, {
      upload: imageUpload('big.png', big),
    })
    expect(tooLarge.body).toMatchObject({
      statusCode: 413,
      message: 'File is too large. Maximum size is 10MB.',
    })
  })
})
