/**
 * The domain checks the server and the mock catalogue both make, as pure functions over plain
 * values: each backend looks up what a check needs in its own storage, then asks here. A check
 * answers the problems (the lines of a 400) or a decision; the caller turns it into its error.
 */
import type { ResourceType, Role } from './entities.ts'
import type { ResourceWriteBody } from './endpoints/resources.ts'
import { filePath } from './files.ts'
import type { LessonWriteBody } from './endpoints/lessons.ts'
import type { SessionWriteBody } from './endpoints/sessions.ts'
import { type Message, MESSAGES } from './messages.ts'
import type { Refusal } from './seats.ts'
import {
  isBlank,
  isSeatRange,
  canSeeMeetingLink,
  isCalendarDate,
  isWebUrl,
  overlapping,
  resourceTypeFromFilename,
  REVIEW_MAX_LENGTH,
  resolvedTimeZone,
  reviewLength,
  storedMeetingUrl,
  storedWebUrl,
  zonedTimeToUtc,
} from './rules.ts'

/** A check that either passes with a value or fails with the lines of a 400. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Message[] }

/** Students and admins need no approval; an educator is validated once an admin approves it. */
/** A pool account's e-mail as both backends store it: lower case, so duplicates differ in no way. */
export const normaliseAccountEmail = (email: string) => email.trim().toLowerCase()

export const isValidatedAccount = (role: Role, approved: boolean) => role !== 'educator' || approved

export interface LessonFacts {
  categoryExists: boolean
  /** Whether `imageId`, when it is a number, names an image this educator uploaded. */
  ownImage: boolean
  /**
   * The lesson an update changes, as stored (null when creating): a field the body leaves out
   * keeps this value, and the result must still have a cover, an about and details.
   */
  current: { hasImage: boolean; about: string; details: string } | null
}

/** Each link of a lesson opens a web page (http or https), like a link material. */
const linkProblems = (links: LessonWriteBody['links']) =>
  (links ?? []).flatMap((link, index) =>
    isWebUrl(link.url) ? [] : [MESSAGES.validation.webUrl({ field: `links[${index}].url` })],
  )

/**
 * The lesson form's rules the body schema cannot state, every failure at once (§5): a title, an
 * image, max seats not below min seats, links to web pages; about and details once editing.
 */
export const lessonFieldProblems = (
  body: Pick<
    LessonWriteBody,
    'title' | 'min_slots' | 'max_slots' | 'imageId' | 'about' | 'details' | 'links'
  >,
  facts: LessonFacts,
): Message[] => {
  const problems: Message[] = []
  const { current } = facts
  if (isBlank(body.title)) problems.push(MESSAGES.validation.required({ field: 'title' }))
  if (!facts.categoryExists) problems.push(MESSAGES.lessons.unknownCategory)
  if (!isSeatRange(body.min_slots, body.max_slots)) problems.push(MESSAGES.lessons.slotsOrder)
  if (typeof body.imageId === 'number') {
    if (!facts.ownImage) problems.push(MESSAGES.lessons.unknownImage)
  } else if (body.imageId === null || !current?.hasImage) {
    problems.push(MESSAGES.lessons.imageRequired)
  }
  if (current) {
    if (isBlank(body.about ?? current.about)) {
      problems.push(MESSAGES.validation.required({ field: 'about' }))
    }
    if (isBlank(body.details ?? current.details)) {
      problems.push(MESSAGES.validation.required({ field: 'details' }))
    }
  }
  problems.push(...linkProblems(body.links))
  return problems
}

/**
 * A lesson's links as both backends store them, once `lessonFieldProblems` found none: the
 * fields the contract names, each url absolute (https:// added when it had no scheme).
 */
export const storedLinks = (links: NonNullable<LessonWriteBody['links']>) =>
  links.map(({ title, description, url }) => ({
    title,
    description,
    url: storedWebUrl(url) ?? url,
  }))

/**
 * A session form as both backends store it, or its problems: its date must be a day of the
 * calendar (31 April is not rolled over into May), its time zone known (stored as
 * the engine spells it: 'asia/tokyo' as 'Asia/Tokyo') and its meeting link valid (all
 * reported at once), then its end must come after its start in that zone, and its
 * start must be after `now` (a session is not created or moved into the past). The link is stored
 * absolute: one typed without a scheme gets https:// (§5).
 */
export const sessionWrite = (
  body: Pick<SessionWriteBody, 'date' | 'startHour' | 'endHour' | 'timezone' | 'url'>,
  now: Date = new Date(),
): Checked<{ start: Date; end: Date; timezone: string; url: string }> => {
  const problems: Message[] = []
  const url = storedMeetingUrl(body.url)
  const timezone = resolvedTimeZone(body.timezone)
  if (!isCalendarDate(body.date)) problems.push(MESSAGES.sessions.invalidDate)
  if (timezone === null) problems.push(MESSAGES.sessions.unknownTimeZone)
  if (url === null) problems.push(MESSAGES.sessions.unsupportedMeetingLink)
  if (problems.length > 0 || url === null || timezone === null) return { ok: false, problems }
  const start = zonedTimeToUtc(body.date, body.startHour, timezone)
  const end = zonedTimeToUtc(body.date, body.endHour, timezone)
  if (end <= start) return { ok: false, problems: [MESSAGES.sessions.endBeforeStart] }
  if (start.getTime() <= now.getTime()) {
    return { ok: false, problems: [MESSAGES.sessions.startInPast] }
  }
  return { ok: true, value: { start, end, timezone, url } }
}

/**
 * The first (earliest) of the educator's other sessions a new or moved session would overlap, or
 * undefined when none does; sessions that only touch (one ends as the other starts) do not.
 */
export const firstOverlap = <T extends { start_time: string; end_time: string }>(
  slot: { start: Date; end: Date },
  others: readonly T[],
): T | undefined =>
  overlapping({ start_time: slot.start.toISOString(), end_time: slot.end.toISOString() }, others)[0]

/**
 * Why the viewer may not have a session's meeting link right now (a 403), or null when it may:
 * only its owner and its students, and students only inside the join window.
 */
export const joinRefusal = (
  session: { start_time: string; end_time: string },
  viewer: { enrolled: boolean; owner: boolean },
  now: Date = new Date(),
): Message | null => {
  if (!viewer.owner && !viewer.enrolled) return MESSAGES.sessions.notEnrolled
  if (!canSeeMeetingLink(session, viewer, now)) return MESSAGES.sessions.outsideJoinWindow
  return null
}

/** Materials are for admins, the lesson's owner and students holding a seat in any session. */
export const canReadMaterials = (viewer: { role: Role; owner: boolean; enrolled: boolean }) =>
  viewer.role === 'admin' || viewer.owner || viewer.enrolled

/**
 * A file's bytes go to admins, its uploader and, when it belongs to a lesson, whoever may read
 * that lesson's materials (a cover uploaded before its lesson exists has no lesson yet).
 */
export const canReadFile = (viewer: { role: Role; uploader: boolean; readsLesson: boolean }) =>
  viewer.role === 'admin' || viewer.uploader || viewer.readsLesson

/** What a material is stored as: a link's own url, or an uploaded file and its download path. */
export interface MaterialWrite {
  title: string
  description: string
  type: ResourceType
  url: string
  fileId: number | null
}

export interface MaterialFacts {
  /** The file `fileId` names, if it was uploaded to this lesson. */
  file: { id: number; filename: string } | undefined
  /** Whether another material of any lesson already uses that file. */
  fileInUse: boolean
}

/**
 * Why a blank material title is refused: a file material's title is its file name (§5: 'File
 * name cannot be empty'); a link's title is a required field.
 */
const blankTitle = (isFile: boolean) =>
  isFile ? MESSAGES.uploads.blankName : MESSAGES.validation.required({ field: 'title' })

/**
 * A material write (create or replace) as both backends store it, trimmed, or every problem at
 * once. A link (§5) needs a title, a description and a web url (http or https, or no scheme:
 * https is added, so what is stored is absolute) and no file; a file material needs a title and a file uploaded to
 * the lesson that no other material uses, its type following the file's extension.
 */
export const materialWrite = (
  body: Pick<ResourceWriteBody, 'title' | 'description' | 'url' | 'type' | 'lessonId' | 'fileId'>,
  lessonId: number,
  facts: MaterialFacts,
): Checked<MaterialWrite> => {
  if (body.lessonId !== undefined && body.lessonId !== lessonId) {
    return { ok: false, problems: [MESSAGES.materials.lessonMismatch] }
  }
  const title = body.title.trim()
  const description = body.description.trim()
  const url = body.url.trim()
  const problems: Message[] = []
  if (isBlank(title)) problems.push(blankTitle(body.type !== 'link'))
  if (body.type === 'link') {
    const stored = storedWebUrl(url)
    if (isBlank(description)) problems.push(MESSAGES.validation.required({ field: 'description' }))
    if (url === '') problems.push(MESSAGES.validation.required({ field: 'url' }))
    else if (stored === null) problems.push(MESSAGES.validation.webUrl({ field: 'url' }))
    if (body.fileId != null) problems.push(MESSAGES.materials.linkWithFile)
    if (problems.length > 0 || stored === null) return { ok: false, problems }
    return { ok: true, value: { title, description, type: 'link', url: stored, fileId: null } }
  }
  const { file } = facts
  if (!file) problems.push(MESSAGES.materials.unknownFile)
  if (problems.length > 0 || !file) return { ok: false, problems }
  if (facts.fileInUse) return { ok: false, problems: [MESSAGES.materials.fileInUse] }
  return {
    ok: true,
    value: {
      title,
      description,
      type: resourceTypeFromFilename(file.filename),
      url: filePath(file.id),
      fileId: file.id,
    },
  }
}

/** A rename keeps the material's title only, trimmed; a blank one is refused. */
export const materialTitle = (title: string, isFile: boolean): Checked<string> => {
  const trimmed = title.trim()
  return isBlank(trimmed)
    ? { ok: false, problems: [blankTitle(isFile)] }
    : { ok: true, value: trimmed }
}

/**
 * A review's text as both backends store it (§5): trimmed, not blank (isBlank), at most
 * REVIEW_MAX_LENGTH characters once trimmed. (A NUL character never gets here: both backends
 * refuse one in any field as they validate the request.)
 */
export const reviewText = (body: string): Checked<string> => {
  const text = body.trim()
  if (isBlank(text)) return { ok: false, problems: [MESSAGES.reviews.blank] }
  if (reviewLength(text) > REVIEW_MAX_LENGTH) {
    return { ok: false, problems: [MESSAGES.reviews.tooLong({ count: REVIEW_MAX_LENGTH })] }
  }
  return { ok: true, value: text }
}

/**
 * Whether a student may review a lesson (§1, §4: to review, then reviewed), in the API's order:
 * they attended one of its sessions, have not reviewed it yet, and wrote a text (reviewText).
 * Answers the text to store, or the refusal.
 */
export const reviewWrite = (facts: {
  readonly attended: boolean
  readonly reviewed: boolean
  readonly body: string
}): { ok: true; value: string } | { ok: false; refusal: Refusal } => {
  if (!facts.attended) {
    return { ok: false, refusal: { status: 403, message: MESSAGES.reviews.notAttended } }
  }
  if (facts.reviewed) {
    return { ok: false, refusal: { status: 409, message: MESSAGES.reviews.alreadyReviewed } }
  }
  const text = reviewText(facts.body)
  return text.ok ? text : { ok: false, refusal: { status: 400, message: text.problems } }
}

/** A list's range as its query gives it: each bound optional, `from` not after `to`. */
export const rangeProblem = (range: { from?: string | undefined; to?: string | undefined }) =>
  range.from !== undefined &&
  range.to !== undefined &&
  Date.parse(range.from) > Date.parse(range.to)
    ? MESSAGES.admin.rangeReversed
    : null
