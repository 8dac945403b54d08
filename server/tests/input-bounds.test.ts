import { eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import * as reviews from '../../contract/descriptors/reviews.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { endpoints } from '../../contract/index.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import {
  EMAIL_MAX_LENGTH,
  FILE_NAME_MAX,
  LESSON_LINKS_MAX,
  LESSON_PRICE_MAX_CENTS,
  PASSWORD_MAX_LENGTH,
} from '../../contract/rules.ts'
import { files, lessons as lessonRows } from '../src/db/schema.ts'
import {
  createCast,
  createCategory,
  createLesson,
  createSession,
  DAY,
  HOUR,
  multipartFile,
  PNG_BYTES,
  userOf,
} from './catalogue-fixtures.ts'
import { type ApiResponse, errorOf, setupTestApp } from './helpers.ts'

/**
 * Bad input is a 400 with a clear message, never a 500: ids and pages past their columns, query
 * numbers that read as Infinity, text no column can hold, broken uploads. Nothing is logged at
 * error level (a 5xx the answer would hide).
 */
const errorLog: string[] = []
const context = setupTestApp({ errorLog })

afterEach(() => {
  const logged = errorLog.splice(0)
  expect(logged).toEqual([])
})

const refused = (response: ApiResponse, status = 400) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(Value.Check(ErrorBody, response.json())).toBe(true)
  return errorOf(response).message
}

/** The owner's lesson (with a cover, about and details) in a new category. */
const scene = async () => {
  const cast = await createCast(context.db)
  const owner = userOf(cast.owner)
  const [cover] = await context.db
    .insert(files)
    .values({
      ownerId: owner.id,
      kind: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
      size: PNG_BYTES.length,
      storageKey: `bounds-cover-${Date.now()}`,
    })
    .returning()
  const lesson = await createLesson(context.db, owner, { imageId: cover!.id })
  const lessonBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Kanji',
    categoryId: lesson.categoryId,
    price_in_cents: 0,
    min_slots: 1,
    max_slots: 3,
    about: 'About',
    details: 'Details',
    imageId: cover!.id,
    ...overrides,
  })
  return { cast, lesson, lessonBody }
}

const ID_PAST = 2 ** 31

describe('ids and page numbers bounded by their columns', () => {
  it.each([
    [
      'a review of lesson 2^31',
      reviews.createReview,
      'student',
      { lessonId: ID_PAST, body: 'Good', rating: 5 },
      'lessonId',
    ],
    [
      'an order for session 2^31',
      payments.createOrder,
      'student',
      { lessonId: 1, sessionId: ID_PAST },
      'sessionId',
    ],
    [
      'an order for lesson 2^53',
      payments.createOrder,
      'student',
      { lessonId: 2 ** 53, sessionId: 1 },
      'lessonId',
    ],
    ['a lesson in category 2^31', lessons.createLesson, 'owner', null, 'categoryId'],
  ] as const)('refuses %s with a 400', async (_, descriptor, who, body, field) => {
    const { cast, lessonBody } = await scene()
    const response = await context.call(descriptor, {
      cookie: cast[who].cookie,
      body: body ?? lessonBody({ categoryId: ID_PAST }),
    })
    expect(refused(response)).toEqual([`${field} must be <= 2147483647`])
  })

  it('refuses a licence id past 2^31 - 1 in an assignment', async () => {
    const { cast } = await scene()
    const response = await context.call(admin.assignVideoLicence, {
      params: { id: userOf(cast.owner).id },
      cookie: cast.admin.cookie,
      body: { licenceId: ID_PAST },
    })
    expect(refused(response)).toEqual(['licenceId must be <= 2147483647'])
  })

  it('takes the largest id and page the columns hold', async () => {
    const { cast } = await scene()
    const lesson = await context.call(lessons.getLesson, {
      params: { id: ID_PAST - 1 },
      cookie: cast.student.cookie,
    })
    expect(refused(lesson, 404)).toBe(MESSAGES.http.notFound({ what: 'Lesson' }).text)
    // Page 2^31 - 1 of 100: an offset far past any list, and still a bigint PostgreSQL takes.
    const page = await context.call(guest.guestLessons, { query: { page: ID_PAST - 1, take: 100 } })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ data: [], meta: { page: ID_PAST - 1, take: 100 } })
  })

  it.each([
    [lessons.myLessons, 'owner'],
    [lessons.lessonHistory, 'student'],
    [payments.listMyPayments, 'student'],
    [admin.listUsers, 'admin'],
  ] as const)('refuses page 2^31 of %o', async (descriptor, who) => {
    const { cast } = await scene()
    const response = await context.call(descriptor, {
      query: { page: ID_PAST },
      cookie: cast[who].cookie,
    })
    expect(refused(response)).toEqual(['page must be <= 2147483647'])
  })

  it('bounds each category id of a list, and the list', async () => {
    const category = await createCategory(context.db)
    const read = (categoryIds: string) =>
      context.call(guest.guestLessons, { query: { categoryIds } })
    expect((await read(`${category.id},2147483647`)).statusCode).toBe(200)
    for (const list of ['2147483648', `${category.id},2147483648`, '99999999999999999999', '0']) {
      expect(refused(await read(list))).toEqual(['categoryIds has an invalid format'])
    }
    expect(refused(await read(Array.from({ length: 200 }, () => '12345').join(',')))).toEqual([
      'categoryIds must NOT have more than 1000 characters',
    ])
  })

  it('refuses query numbers that read as Infinity', async () => {
    // ajv coerces the text "1e999" to Infinity and lets it past every bound.
    const page = await context.callPath({ method: 'GET', url: '/guest/lessons?page=1e999' })
    expect(refused(Object.assign(page, { descriptor: guest.guestLessons }))).toEqual([
      MESSAGES.validation.finiteNumber({ field: 'page' }).text,
    ])
    const id = await context.call(guest.guestLesson, { params: { id: '1e999' } })
    expect(refused(id)).toEqual([MESSAGES.validation.finiteNumber({ field: 'id' }).text])
  })
})

describe('amounts bounded by their columns', () => {
  it('charges a whole day at the highest price within the amount column', async () => {
    // A session may last a whole day (25 hours when clocks go back): price × length must fit.
    const { cast } = await scene()
    const owner = userOf(cast.owner)
    const lesson = await createLesson(context.db, owner, { priceInCents: LESSON_PRICE_MAX_CENTS })
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY, lasts: 25 * HOUR })
    const response = await context.call(payments.createOrder, {
      cookie: cast.student.cookie,
      body: { lessonId: lesson.id, sessionId: session.id },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ amount_in_cents: 25 * LESSON_PRICE_MAX_CENTS })
    expect(25 * LESSON_PRICE_MAX_CENTS).toBeLessThanOrEqual(2 ** 31 - 1)
  })
})

describe('text no column can hold', () => {
  it('refuses a sign-in with an e-mail or password longer than an account holds, before any lookup', async () => {
    const login = (email: string, password: string) =>
      context.call(auth.login, { body: { email, password } })
    const email = (length: number) => `${'e'.repeat(length - 11)}@example.jp`
    const long = await login(email(EMAIL_MAX_LENGTH + 1), 'Password1')
    expect(long.statusCode).toBe(400)
    expect(errorOf(long).message).toEqual([
      MESSAGES.validation.tooLong({ field: 'email', count: EMAIL_MAX_LENGTH }).text,
    ])
    const longPassword = await login('a@example.jp', 'P'.repeat(PASSWORD_MAX_LENGTH + 1))
    expect(longPassword.statusCode).toBe(400)
    // At the bounds, the usual answer to an unknown account.
    expect((await login(email(EMAIL_MAX_LENGTH), 'P'.repeat(PASSWORD_MAX_LENGTH))).statusCode).toBe(
      401,
    )
  })

  it('refuses a NUL in a query', async () => {
    const response = await context.call(guest.guestLessons, { query: { title: 'Kan\u0000ji' } })
    expect(refused(response)).toEqual([MESSAGES.validation.unstorableText({ field: 'title' }).text])
  })

  it('refuses NUL and unpaired surrogates in a body, every field at once, and stores nothing', async () => {
    const { cast, lesson, lessonBody } = await scene()
    const response = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: lessonBody({
        title: 'Kan\u0000ji',
        links: [{ title: 'Chart', description: 'half \ud800 a pair', url: 'example.com' }],
      }),
    })
    expect(refused(response)).toEqual([
      MESSAGES.validation.unstorableText({ field: 'title' }).text,
      MESSAGES.validation.unstorableText({ field: 'links.0.description' }).text,
    ])
    const [stored] = await context.db.select().from(lessonRows).where(eq(lessonRows.id, lesson.id))
    expect(stored).toMatchObject({ title: lesson.title, links: [] })
  })

  it('refuses a NUL in a field the schema does not name, and in a key', async () => {
    const { cast, lessonBody } = await scene()
    const unknown = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: lessonBody({ note: '\u0000' }),
    })
    expect(refused(unknown)).toEqual([MESSAGES.validation.unstorableText({ field: 'note' }).text])
    const key = await context.call(lessons.createLesson, {
      cookie: cast.owner.cookie,
      body: lessonBody({ 'a\u0000b': 1 }),
    })
    expect(refused(key)).toEqual([MESSAGES.validation.unstorableText({ field: 'request' }).text])
  })

  it('bounds a lesson’s links and a session’s time zone', async () => {
    const { cast, lesson, lessonBody } = await scene()
    const link = { title: 'Chart', description: 'Kana', url: 'https://example.com/' }
    const many = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: lessonBody({ links: Array.from({ length: LESSON_LINKS_MAX + 1 }, () => link) }),
    })
    expect(refused(many)).toEqual([`links must NOT have more than ${LESSON_LINKS_MAX} items`])
    const long = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: lessonBody({ links: [{ ...link, url: `https://example.com/${'a'.repeat(2048)}` }] }),
    })
    expect(refused(long)).toEqual(['links.0.url must NOT have more than 2048 characters'])
    const zone = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: {
        date: '2031-05-04',
        startHour: '10:00',
        endHour: '11:00',
        timezone: 'A'.repeat(65),
        url: 'https://zoom.us/j/123',
      },
    })
    expect(refused(zone)).toEqual(['timezone must NOT have more than 64 characters'])
  })

  it.each([
    ['//evil.example/page'],
    ['\\\\evil.example'],
    ['/relative/path'],
    ['https://bank.example@evil.example/'],
    ['JAVASCRIPT:alert(1)'],
    ['  \u0001javascript:alert(1)'],
  ])('refuses the lesson link %j', async (url) => {
    const { cast, lesson, lessonBody } = await scene()
    const response = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: lessonBody({ links: [{ title: 'Link', description: 'A page', url }] }),
    })
    expect(refused(response)).toEqual([MESSAGES.validation.webUrl({ field: 'links[0].url' }).text])
  })
})

/** A multipart body as it arrives, boundary and all, cut or broken as a test needs it. */
const raw = (boundary: string | null, body: string | Buffer) => ({
  body,
  headers: {
    'content-type':
      boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
  },
})

const uploads = [
  ['a cover image', lessons.uploadLessonImage, 'image'],
  ['a material file', resources.uploadResourceFile, 'file'],
] as const

describe.each(uploads)('uploading %s', (_, descriptor, field) => {
  const upload = async (file: { body: string | Buffer; headers: Record<string, string> }) => {
    const { cast, lesson } = await scene()
    return context.call(descriptor, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: file.body,
      headers: file.headers,
    })
  }
  const valid = multipartFile(field, 'cover.png', PNG_BYTES, 'image/png')
  const boundary = /boundary=(.+)$/.exec(valid.headers['content-type'])![1]!

  it.each([
    ['without a boundary', raw(null, valid.body)],
    ['cut short', raw(boundary, valid.body.subarray(0, valid.body.length - 10))],
    ['whose boundary the body does not use', raw('another', valid.body)],
  ])('refuses a body %s with a 400', async (_, file) => {
    expect(refused(await upload(file))).toEqual([MESSAGES.uploads.malformed.text])
  })

  it('refuses an empty body: no file', async () => {
    expect(refused(await upload(raw(boundary, '')))).toEqual([MESSAGES.uploads.noFile.text])
  })

  it('refuses a NUL in the file name', async () => {
    const file = multipartFile(field, 'cov\u0000er.png', PNG_BYTES, 'image/png')
    expect(refused(await upload(file))).toEqual([
      MESSAGES.validation.unstorableText({ field: 'filename' }).text,
    ])
  })

  it(`takes a name of ${FILE_NAME_MAX} characters, not one more`, async () => {
    const name = (length: number) => `${'n'.repeat(length - 4)}.png`
    const long = multipartFile(field, name(FILE_NAME_MAX + 1), PNG_BYTES, 'image/png')
    expect(refused(await upload(long))).toEqual([
      MESSAGES.uploads.nameTooLong({ count: FILE_NAME_MAX }).text,
    ])
    const longest = await upload(multipartFile(field, name(FILE_NAME_MAX), PNG_BYTES, 'image/png'))
    // A material must also be of an allowed type; a PNG is one, so both take it.
    expect(longest.statusCode, longest.body).toBe(201)
  })

  it('refuses a NUL in a text field sent with the file', async () => {
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n`,
      ),
      valid.body,
    ])
    expect(refused(await upload(raw(boundary, body)))).toEqual([
      MESSAGES.validation.unstorableText({ field: 'note.0' }).text,
    ])
  })
})

describe('errors any endpoint may answer before its own rules', () => {
  it('are declared by every endpoint that can answer them', () => {
    for (const endpoint of endpoints) {
      const statuses = Object.keys(endpoint.response).map(Number)
      if (endpoint.method !== 'GET')
        expect(statuses).toEqual(expect.arrayContaining([400, 413, 415]))
      if (endpoint.params) expect(statuses).toContain(414)
    }
  })

  it('answers a body past the limit, a type it does not read and a path parameter past 100 characters with the error body', async () => {
    const { cast } = await scene()
    const cookie = cast.owner.cookie
    const big = await context.call(lessons.createLesson, {
      cookie,
      body: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    })
    refused(big, 413)
    const xml = await context.call(lessons.createLesson, {
      cookie,
      body: '<lesson/>',
      headers: { 'content-type': 'application/xml' },
    })
    refused(xml, 415)
    // Only the upload routes read form data.
    const form = await context.call(lessons.createLesson, {
      cookie,
      body: `--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--b--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    refused(form, 415)
    const long = await context.call(lessons.getLesson, { params: { id: '1'.repeat(101) }, cookie })
    expect(refused(long, 414)).toBe(MESSAGES.http.paramTooLong({ count: 100 }).text)
    expect(long.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      ...messageFields(MESSAGES.http.paramTooLong({ count: 100 })),
      requestId: expect.any(String) as string,
    })
    const broken = await context.call(payments.capturePayment, {
      params: { id: 1 },
      cookie: cast.student.cookie,
      body: '{"broken',
      headers: { 'content-type': 'application/json' },
    })
    refused(broken, 400)
    // A body that does not parse, or none at all, says so in words the UI translates.
    expect(broken.json()).toMatchObject(messageFields(MESSAGES.http.invalidJson))
    const empty = await context.call(lessons.createLesson, {
      cookie,
      body: '',
      headers: { 'content-type': 'application/json' },
    })
    refused(empty, 400)
    expect(empty.json()).toMatchObject(messageFields(MESSAGES.http.invalidJson))
  })
})
