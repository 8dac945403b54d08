import Type from 'typebox'
import {
  errors,
  Id,
  ID_LIST_PATTERN,
  ID_MAX,
  IdParam,
  PageQuery,
  Paginated,
  UploadRefusedBody,
} from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  CatalogueLesson,
  HistoryEntry,
  ImageUpload,
  Lesson,
  Link,
  OwnLesson,
  Slots,
  UpcomingSession,
} from '../entities.ts'
import {
  LESSON_LINKS_MAX,
  LESSON_PRICE_MAX_CENTS,
  LESSON_TEXT_MAX,
  SEARCH_MAX_LENGTH,
} from '../rules.ts'

export const LessonIdParams = Type.Object({ id: IdParam })

/** Filters shared by the student and guest catalogues (§7). */
export const LessonListQuery = Type.Object({
  ...PageQuery,
  categoryIds: Type.Optional(
    Type.String({
      pattern: ID_LIST_PATTERN,
      maxLength: 1000,
      description: 'Comma-separated category ids',
    }),
  ),
  title: Type.Optional(
    Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'Case-insensitive title search' }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('ASC'), Type.Literal('DESC')], { default: 'DESC' }),
  ),
  after: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ID_MAX,
      description:
        "The last lesson of the previous page: the page starts after it in the list's order " +
        '(keyset paging, as fast deep in the catalogue as on its first page; no lesson is shown ' +
        'twice when one is added meanwhile). `page` still numbers the answer. A lesson that no ' +
        'longer exists is ignored: the page is found by its number.',
    }),
  ),
})
export type LessonListQuery = Type.Static<typeof LessonListQuery>

export const MyListQuery = Type.Object({ ...PageQuery })
export type MyListQuery = Type.Static<typeof MyListQuery>

/**
 * Create and update payload (§7). `about` and `details` may be empty on create (the form asks for
 * them in edit mode); `sessions` is always sent empty, sessions have their own calls.
 */
export const LessonWriteBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: LESSON_TEXT_MAX.title }),
  categoryId: Id,
  price_in_cents: Type.Integer({ minimum: 0, maximum: LESSON_PRICE_MAX_CENTS }),
  min_slots: Slots,
  max_slots: Slots,
  about: Type.Optional(Type.String({ maxLength: LESSON_TEXT_MAX.about })),
  details: Type.Optional(Type.String({ maxLength: LESSON_TEXT_MAX.details })),
  imageId: Type.Optional(Type.Union([Id, Type.Null()])),
  imageUrl: Type.Optional(
    Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
      description: 'Ignored: the cover is set by imageId',
    }),
  ),
  links: Type.Optional(Type.Array(Link, { maxItems: LESSON_LINKS_MAX })),
  files: Type.Optional(
    Type.Array(Type.Unknown(), { maxItems: 0, description: 'Client-side only; always empty' }),
  ),
  sessions: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0 })),
})
export type LessonWriteBody = Type.Static<typeof LessonWriteBody>

export const listLessons = defineEndpoint({
  method: 'GET',
  path: '/lessons',
  access: 'user',
  summary:
    "Lessons with at least one session, newest first, for signed-in users, each with its educator's rating and next open session",
  description:
    'Pages through the published lessons, filtered by category and title, for the signed-in catalogue; browsers keep and revalidate the answer (ETag).',
  querystring: LessonListQuery,
  response: { 200: Paginated(CatalogueLesson), ...errors(400, 401) },
})

export const myLessons = defineEndpoint({
  method: 'GET',
  path: '/lessons/my',
  access: ['educator'],
  summary:
    "The calling educator's own lessons, with or without sessions, newest first, each with its upcoming sessions and seats",
  description:
    'Pages through the lessons the caller owns, drafts without sessions included, each with its upcoming sessions and their seats taken.',
  querystring: MyListQuery,
  response: { 200: Paginated(OwnLesson), ...errors(400, 401, 403) },
})

export const lessonHistory = defineEndpoint({
  method: 'GET',
  path: '/lessons/history',
  access: 'user',
  summary: 'Lessons the calling student attended, to review or reviewed',
  description:
    'Pages through the lessons whose sessions the caller attended, each marked to review or reviewed, for the history screen.',
  querystring: MyListQuery,
  response: { 200: Paginated(HistoryEntry), ...errors(400, 401) },
})

export const upcomingLessons = defineEndpoint({
  method: 'GET',
  path: '/lessons/upcoming',
  access: 'user',
  summary:
    'Sessions not yet ended that the caller attends (student) or teaches (educator), soonest first',
  description:
    'Pages through the sessions not yet ended that the caller is enrolled in or teaches, soonest first, each with its lesson.',
  querystring: MyListQuery,
  response: { 200: Paginated(UpcomingSession), ...errors(400, 401) },
})

export const waitlistLessons = defineEndpoint({
  method: 'GET',
  path: '/lessons/waitlist',
  access: ['student'],
  summary: 'Sessions not yet started whose waitlist the calling student is in, soonest first',
  description:
    "Pages through the sessions not yet started in whose line for a seat the caller waits, soonest first, each with its lesson; the session's waitlistPlace says the position and, when a freed seat is held for the caller, until when.",
  querystring: MyListQuery,
  response: { 200: Paginated(UpcomingSession), ...errors(400, 401, 403) },
})

export const getLesson = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id',
  access: 'user',
  summary: 'One lesson',
  description:
    'Answers one lesson with its category, owner and links; a draft (no session yet) is found only by its owner and admins.',
  params: LessonIdParams,
  response: { 200: Lesson, ...errors(400, 401, 404) },
})

export const lessonImage = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/image',
  access: 'public',
  summary: "The lesson's cover image (binary)",
  description:
    "Sends the lesson's cover image, as WebP at the cards' size when the browser accepts it; revalidated by ETag.",
  params: LessonIdParams,
  produces: 'image/*',
  response: { 200: Type.Unknown({ description: 'Image bytes' }), ...errors(400, 404) },
})

export const createLesson = defineEndpoint({
  method: 'POST',
  path: '/lessons',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Publish a lesson (verified educators)',
  description:
    'Creates a lesson owned by the caller from its title, category, price, seats, texts, cover and links; it stays a draft until it has a session.',
  body: LessonWriteBody,
  response: { 201: Lesson, ...errors(400, 401, 403) },
})

export const updateLesson = defineEndpoint({
  method: 'PUT',
  path: '/lessons/:id',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Update a lesson (its owner)',
  description:
    "Replaces a lesson's title, category, price, seats, texts, cover and links; only the lesson's owner may change it. The maximum seats cannot go below the seats taken in a session that has not ended (409).",
  params: LessonIdParams,
  body: LessonWriteBody,
  response: { 200: Lesson, ...errors(400, 401, 403, 404, 409) },
})

export const uploadLessonImage = defineEndpoint({
  method: 'POST',
  path: '/lessons/upload-image',
  access: ['educator'],
  approvedOnly: true,
  summary: "Upload a cover image (multipart field 'image', 10 MB, JPEG/PNG/WebP/GIF by content)",
  description:
    "Stores an image (checked by its content, counted against the caller's upload quota) to name as a lesson's cover by the id answered.",
  multipart: { field: 'image' },
  response: { 201: ImageUpload, ...errors(400, 401, 403, 415), 413: UploadRefusedBody },
})
