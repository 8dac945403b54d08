import { describe, expect, it } from 'vitest'
import type { BodyOf } from '@contract/client'
import { buildPath } from '@contract/descriptor'
import * as lessons from '@contract/descriptors/lessons'
import { db, seedIds } from '@/mocks/db'
import { apiAssetUrl } from '@/shared/config/env'
import { call, imageUpload, PNG_BYTES, seedCoverOf, uploadedCover } from './helpers'

/**
 * The lesson calls are compared with the server's in server/tests/contract-parity.test.ts. What
 * is left here is the mock's own storage of covers, and Yuki's history, which differs between the
 * two demos: the server's showcase review of her TypeScript lesson leaves her nothing to review.
 */

const { educator, student } = seedIds

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

describe("a mock student's history", () => {
  it('lists the lessons attended, the latest first, reviewed or to review', async () => {
    const history = await call(lessons.lessonHistory, { as: student })
    expect(history.body.data.map((entry) => [entry.lesson.id, entry.status])).toEqual([
      [seedIds.paidLesson, 'reviewed'],
      [seedIds.toReviewLesson, 'toReview'],
    ])
    expect(history.body.data[0]?.review?.rating).toBe(5)
    expect(history.body.data[1]?.review).toBeNull()
  })
})

describe('the mock cover store', () => {
  it('serves an uploaded PNG as it was sent, as the lesson cover', async () => {
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
})

describe("the mock's maximum seats", () => {
  it('refuses a maximum below the seats taken in a session ahead, as the server does', async () => {
    const now = Date.now()
    const session = db.sessions.find(
      (row) =>
        Date.parse(row.start_time) > now &&
        db.enrollments.filter((seat) => seat.sessionId === row.id).length >= 2,
    )!
    const taken = db.enrollments.filter((seat) => seat.sessionId === session.id).length
    const lesson = db.lessons.find((row) => row.id === session.lessonId)!
    const owner = lesson.ownerId
    const body = {
      ...lessonBody,
      title: lesson.title,
      categoryId: lesson.categoryId,
      about: 'About',
      details: 'Details',
      imageId: lesson.imageId!,
    }
    const refused = await call(lessons.updateLesson, {
      as: owner,
      params: { id: lesson.id },
      json: { ...body, min_slots: 1, max_slots: taken - 1 },
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'lessons.maxBelowSeatsTaken',
      params: { count: taken },
    })
    const kept = await call(lessons.updateLesson, {
      as: owner,
      params: { id: lesson.id },
      json: { ...body, min_slots: 1, max_slots: taken },
    })
    expect(kept.status).toBe(200)
  })
})
