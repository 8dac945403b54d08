import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { buildPath } from '../../contract/descriptor.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import { getResource, listResources } from '../../contract/endpoints/resources.ts'
import { API_PREFIX } from '../src/app.ts'
import {
  cookieFor,
  createCast,
  createLesson,
  createSession,
  DAY,
  enroll,
  HOUR,
  userOf,
} from './catalogue-fixtures.ts'
import {
  type ApiResponse,
  APP_ORIGIN,
  bodyOf,
  createUser,
  errorOf,
  setupTestApp,
} from './helpers.ts'
import { createFileResource, createLinkResource, createMaterialFile } from './materials-fixtures.ts'

const context = setupTestApp()
const FORBIDDEN = 'Only the owner and enrolled students see the materials'

/**
 * The owner's lesson with a link and a file material; the cast's student holds a seat in a past
 * session only (a seat in any session opens the materials), another student gave a seat back,
 * and a third never enrolled.
 */
const scenario = async () => {
  const cast = await createCast(context.db)
  const owner = userOf(cast.owner)
  const lesson = await createLesson(context.db, owner)
  const past = await createSession(context.db, lesson, { startsIn: -2 * DAY })
  const future = await createSession(context.db, lesson, { startsIn: 2 * DAY })
  await enroll(context.db, past, userOf(cast.student))

  const cancelledStudent = await createUser(context.db, { role: 'student' })
  await enroll(context.db, future, cancelledStudent, { cancelled: true })
  const outsider = await createUser(context.db, { role: 'student' })
  // The outsider holds a seat in another educator's lesson: that must not open this one.
  const otherLesson = await createLesson(context.db, userOf(cast.anotherEducator))
  await enroll(
    context.db,
    await createSession(context.db, otherLesson, { startsIn: 3 * HOUR }),
    outsider,
  )

  const link = await createLinkResource(context.db, lesson, {
    title: 'NHK News Web Easy',
    url: 'https://www3.nhk.or.jp/news/easy/',
    description: 'Short news articles in simple Japanese.',
  })
  const file = await createMaterialFile(context.app, context.db, lesson, {
    filename: 'hiragana-chart.pdf',
    bytes: Buffer.from('%PDF-1.4\n% Hiragana chart\n%%EOF\n'),
  })
  // Stored with the absolute url a client may send; the answer gives the file's own path.
  const fileResource = await createFileResource(context.db, lesson, file, {
    title: 'Hiragana chart',
    url: `${APP_ORIGIN}${API_PREFIX}${buildPath(resources.downloadFile.path, { fileId: 0 })}`,
    description: 'Print it.',
  })
  const cookies = {
    cancelledStudent: await cookieFor(context.db, cancelledStudent),
    outsider: await cookieFor(context.db, outsider),
  }
  return { cast, lesson, otherLesson, link, file, fileResource, cookies }
}

type Scenario = Awaited<ReturnType<typeof scenario>>

/** Every kind of caller and the status each gets for a lesson's materials. */
const callers: [string, number, (s: Scenario) => string | null][] = [
  ['guest', 401, (s) => s.cast.guest.cookie],
  ['enrolled student', 200, (s) => s.cast.student.cookie],
  ['student who never enrolled', 403, (s) => s.cookies.outsider],
  ['student who gave the seat back', 403, (s) => s.cookies.cancelledStudent],
  ['unverified educator', 403, (s) => s.cast.unverifiedEducator.cookie],
  ['owner', 200, (s) => s.cast.owner.cookie],
  ['another educator', 403, (s) => s.cast.anotherEducator.cookie],
  ['admin', 200, (s) => s.cast.admin.cookie],
]

const expectRefusal = (response: ApiResponse, status: number) => {
  if (status === 403) {
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: FORBIDDEN,
      code: 'materials.forbidden',
      requestId: expect.any(String) as string,
    })
  }
  if (status === 401) expect(errorOf(response).statusCode).toBe(401)
}

describe('GET /lessons/:id/resources', () => {
  it.each(callers)('answers %s with %i', async (_, status, cookieOf) => {
    const s = await scenario()
    const response = await context.call(resources.listResources, {
      params: { id: s.lesson.id },
      cookie: cookieOf(s),
    })
    expect(response.statusCode).toBe(status)
    if (status === 200) {
      expect(Value.Check(listResources.response[200], response.json())).toBe(true)
      expect(bodyOf(response).map((resource) => resource.id)).toEqual([
        s.link.id,
        s.fileResource.id,
      ])
    } else expectRefusal(response, status)
  })

  it('lists links as stored and files with their download path, in the order added', async () => {
    const s = await scenario()
    const response = await context.call(resources.listResources, {
      params: { id: s.lesson.id },
      cookie: s.cast.student.cookie,
    })
    expect(response.json()).toEqual([
      {
        id: s.link.id,
        title: 'NHK News Web Easy',
        type: 'link',
        url: 'https://www3.nhk.or.jp/news/easy/',
        description: 'Short news articles in simple Japanese.',
        lessonId: s.lesson.id,
        fileId: null,
      },
      {
        id: s.fileResource.id,
        title: 'Hiragana chart',
        type: 'document',
        url: buildPath(resources.downloadFile.path, { fileId: s.file.id }),
        description: 'Print it.',
        lessonId: s.lesson.id,
        fileId: s.file.id,
      },
    ])
  })

  it('answers an empty list for a lesson without materials', async () => {
    const s = await scenario()
    const response = await context.call(resources.listResources, {
      params: { id: s.otherLesson.id },
      cookie: s.cast.anotherEducator.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  it('answers 404 for an unknown lesson and 400 for an id that is not a number', async () => {
    const s = await scenario()
    const unknown = await context.call(resources.listResources, {
      params: { id: s.lesson.id + 1000 },
      cookie: s.cast.admin.cookie,
    })
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Lesson not found',
      code: 'http.notFound',
      params: { what: 'Lesson' },
      requestId: expect.any(String) as string,
    })
    const bad = await context.call(resources.listResources, {
      params: { id: 'abc' },
      cookie: s.cast.admin.cookie,
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /lessons/:id/resources/:resourceId', () => {
  it.each(callers)('answers %s with %i', async (_, status, cookieOf) => {
    const s = await scenario()
    const response = await context.call(resources.getResource, {
      params: { id: s.lesson.id, resourceId: s.fileResource.id },
      cookie: cookieOf(s),
    })
    expect(response.statusCode).toBe(status)
    if (status === 200) {
      expect(Value.Check(getResource.response[200], response.json())).toBe(true)
      expect(response.json()).toMatchObject({
        id: s.fileResource.id,
        url: buildPath(resources.downloadFile.path, { fileId: s.file.id }),
        fileId: s.file.id,
      })
    } else expectRefusal(response, status)
  })

  it('answers 404 for an unknown resource and for a resource of another lesson', async () => {
    const s = await scenario()
    const foreign = await createLinkResource(context.db, s.otherLesson)
    for (const resourceId of [s.fileResource.id + 1000, foreign.id]) {
      const response = await context.call(resources.getResource, {
        params: { id: s.lesson.id, resourceId },
        cookie: s.cast.owner.cookie,
      })
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Resource not found',
        code: 'http.notFound',
        params: { what: 'Resource' },
        requestId: expect.any(String) as string,
      })
    }
    const unknownLesson = await context.call(resources.getResource, {
      params: { id: s.lesson.id + 1000, resourceId: s.link.id },
      cookie: s.cast.owner.cookie,
    })
    expect(errorOf(unknownLesson).message).toBe('Lesson not found')
  })

  it('refuses a caller without access before saying whether the resource exists', async () => {
    const s = await scenario()
    const response = await context.call(resources.getResource, {
      params: { id: s.lesson.id, resourceId: 999999 },
      cookie: s.cookies.outsider,
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('GET /files/:fileId', () => {
  it.each(callers)('answers %s with %i', async (_, status, cookieOf) => {
    const s = await scenario()
    const response = await context.call(resources.downloadFile, {
      params: { fileId: s.file.id },
      cookie: cookieOf(s),
    })
    expect(response.statusCode).toBe(status)
    if (status === 200) expect(response.rawPayload.equals(s.file.bytes)).toBe(true)
    else expectRefusal(response, status)
  })

  it('sends the bytes with the stored type, as an attachment with the original name', async () => {
    const s = await scenario()
    const response = await context.call(resources.downloadFile, {
      params: { fileId: s.file.id },
      cookie: s.cast.student.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="hiragana-chart.pdf"',
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.body).toBe('%PDF-1.4\n% Hiragana chart\n%%EOF\n')
  })

  it('keeps a non-ASCII name in the UTF-8 form of the header, with an ASCII fallback', async () => {
    const s = await scenario()
    const file = await createMaterialFile(context.app, context.db, s.lesson, {
      filename: 'ひらがな "chart".txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('あいうえお'),
    })
    const response = await context.call(resources.downloadFile, {
      params: { fileId: file.id },
      cookie: s.cast.owner.cookie,
    })
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="____ _chart_.txt"; filename*=UTF-8''` +
        '%E3%81%B2%E3%82%89%E3%81%8C%E3%81%AA%20%22chart%22.txt',
    )
    expect(response.rawPayload.toString('utf8')).toBe('あいうえお')
  })

  it('answers 404 for an unknown file and for a file whose bytes are missing', async () => {
    const s = await scenario()
    const missing = await createMaterialFile(context.app, context.db, s.lesson, { stored: false })
    for (const id of [s.file.id + 1000, missing.id]) {
      const response = await context.call(resources.downloadFile, {
        params: { fileId: id },
        cookie: s.cast.owner.cookie,
      })
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'File not found',
        code: 'http.notFound',
        params: { what: 'File' },
        requestId: expect.any(String) as string,
      })
    }
  })

  it('gives a file not attached to a lesson to its uploader and admins only', async () => {
    const s = await scenario()
    const owner = userOf(s.cast.owner)
    const loose = await createMaterialFile(context.app, context.db, null, {
      ownerId: owner.id,
      kind: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
    })
    const statusFor = async (cookie: string | null) =>
      (await context.call(resources.downloadFile, { params: { fileId: loose.id }, cookie }))
        .statusCode
    expect(await statusFor(s.cast.owner.cookie)).toBe(200)
    expect(await statusFor(s.cast.admin.cookie)).toBe(200)
    expect(await statusFor(s.cast.student.cookie)).toBe(403)
    expect(await statusFor(s.cast.anotherEducator.cookie)).toBe(403)
  })
})
