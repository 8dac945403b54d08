/**
 * Every message the API answers with, written once: the server and the mock catalogue both read
 * them from here, so the SPA shows the same words against either backend (an architecture test
 * fails when a sentence is written in both). Grouped by the resource that answers it. Each has a
 * stable code, its path here ('enrollments.noSeatsLeft'), which the error body carries beside the
 * English text with the sentence's parameters: clients translate the code (the SPA's `api.*`
 * keys), and a client that does not know it shows the text.
 */

/** The reason phrases of the statuses the API answers (the `error` of the error body). */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export const reasonPhrase = (statusCode: number) => REASON_PHRASES[statusCode] ?? 'Error'

/** "1 second", "30 seconds": an English count with its noun in the right number, never "(s)". */
export const counted = (count: number, one: string, other: string) =>
  `${count} ${count === 1 ? one : other}`

const TEMPLATES = {
  http: {
    unauthorized: 'Unauthorized',
    forbidden: 'Forbidden',
    /** A 5xx says only this, never the cause. */
    internalError: 'Internal Server Error',
    originNotAllowed: 'Origin not allowed',
    databaseDown: 'The database is not reachable',
    invalidJson: 'Body must be valid JSON',
    badUrl: 'The address is not a valid URL (check its percent-escapes)',
    /** `count`: the most characters a path parameter may have. */
    paramTooLong: ({ count }: { count: number }) =>
      `A path parameter is too long (at most ${counted(count, 'character', 'characters')})`,
    /** `what`: the English name of the thing ('Lesson'), which clients may translate. */
    notFound: ({ what }: { what: string }) => `${what} not found`,
    routeNotFound: ({ method, url }: { method: string; url: string }) =>
      `Route ${method} ${url} not found`,
    /** `count`: the seconds until the next attempt. */
    tooManyAttempts: ({ count }: { count: number }) =>
      `Too many attempts. Try again in ${counted(count, 'second', 'seconds')}.`,
    /** A refusal by the web framework itself (an unreadable body, an unsupported type): its words. */
    refused: ({ reason }: { reason: string }) => reason,
  },
  validation: {
    /** Only when a validator rejects a value without saying why. */
    invalidRequest: 'Invalid request',
    required: ({ field }: { field: string }) => `${field} is required`,
    invalidFormat: ({ field }: { field: string }) => `${field} has an invalid format`,
    notAllowed: ({ field }: { field: string }) => `${field} is not allowed`,
    webUrl: ({ field }: { field: string }) => `${field} must be a web address (http or https)`,
    unstorableText: ({ field }: { field: string }) =>
      `${field} contains a character that is not allowed (NUL or an unpaired surrogate)`,
    finiteNumber: ({ field }: { field: string }) => `${field} must be a finite number`,
    /** `count`: the fewest characters the field takes. */
    tooShort: ({ field, count }: { field: string; count: number }) =>
      `${field} must NOT have fewer than ${counted(count, 'character', 'characters')}`,
    /** `count`: the most characters the field takes. */
    tooLong: ({ field, count }: { field: string; count: number }) =>
      `${field} must NOT have more than ${counted(count, 'character', 'characters')}`,
    /** Any other rule a validator reports: `reason` is its own English words. */
    invalid: ({ field, reason }: { field: string; reason: string }) => `${field} ${reason}`,
  },
  accounts: {
    registered: 'Registration successful. Please confirm your e-mail',
    emailExists: 'Email already exists',
    emailConfirmed: 'Email confirmed',
    invalidToken: 'Invalid or expired token',
    confirmationSent:
      'If the address is registered and unconfirmed, a confirmation e-mail has been sent',
    invalidCredentials: 'Invalid email or password',
    emailNotConfirmed: 'Email is not confirmed. Please confirm your e-mail address first',
    loggedOut: 'Logged out',
    resetSent: 'If the address is registered, a password-reset e-mail has been sent',
    passwordChanged: 'Password changed',
    notApproved: 'Your account has not been approved yet',
    alreadyApproved: 'This educator is already approved',
    notDeactivated: 'This account is not deactivated',
    blankName: 'name must not be blank',
    currentPasswordRequired: 'currentPassword is required to change the email or password',
    wrongCurrentPassword: 'Current password is incorrect',
    /** Sign-ins refused for a while: too many wrong passwords for the account from this browser. */
    signInLocked: ({ count }: { count: number }) =>
      `Too many failed sign-ins for this account. Try again in ${counted(count, 'second', 'seconds')}, or reset your password.`,
  },
  admin: {
    /** A list's range whose start comes after its end. */
    rangeReversed: '"from" must not be after "to"',
  },
  licences: {
    notAnEducator: 'The user is not an educator',
    notFree: 'That video licence is not free',
    noneFree: 'No free video licence is available',
    justTaken: 'That video licence was just taken',
    noneHeld: 'This educator holds no video licence',
    /** An educator reassigns (exchanges) a licence it holds; only an admin lends a first one. */
    noneToReassign: 'You hold no video licence to reassign; an administrator will lend you one',
    duplicateAccount: 'A video licence with this account e-mail already exists',
    held: 'This video licence is held by an educator; remove it from the educator first',
    retired: 'Video licence retired',
  },
  lessons: {
    notOwner: 'You are not the owner of this lesson',
    unknownCategory: 'Category does not exist',
    slotsOrder: 'max_slots must be at least min_slots',
    maxBelowSeatsTaken: ({ count }: { count: number }) =>
      `A session that has not ended has ${counted(count, 'seat', 'seats')} taken: the maximum cannot be lower`,
    unknownImage: 'Image does not exist',
    /** The SPA's words for the same rule (§5). */
    imageRequired: 'Please upload an image',
  },
  sessions: {
    noVideoLicence: 'Connect a video-conference account before creating sessions',
    accountDeactivated:
      'Your account is deactivated (the earnings rule of the terms): it cannot schedule sessions until support reactivates it',
    invalidDate: 'This date does not exist in the calendar',
    unknownTimeZone: 'Unknown time zone',
    unsupportedMeetingLink: 'Meeting link must be a Zoom or Google Meet URL',
    endBeforeStart: 'End time must be after start time',
    startInPast: 'A session cannot start in the past',
    overlap: 'Probably, sessions overlap. Please check the session date again',
    startedCannotChange: 'A session that has started cannot be changed',
    startedCannotDelete: 'A session that has started cannot be deleted',
    cancelledCannotChange:
      'This session was cancelled for too few students and cannot be changed; schedule a new one',
    deleted: 'Session deleted',
    deletedWithRefunds: ({ count }: { count: number }) =>
      `Session deleted; ${counted(count, 'enrolled student', 'enrolled students')} notified, every paid seat refunded in full`,
    calendarForbidden: 'Only enrolled students and the educator get the calendar file',
    notEnrolled: 'You are not enrolled in this session',
    outsideJoinWindow: 'The session can be joined from 5 minutes before it starts until it ends',
  },
  enrollments: {
    alreadyEnrolled: 'You are already enrolled in this session',
    alreadyStarted: 'This session has already started',
    noSeatsLeft: 'No seats left in this session',
    paymentRequired: 'Payment required',
    unenrollTooLate: 'You can unenroll only before the session starts',
    unenrolled: 'Unenrolled',
    unenrolledRefund: 'Unenrolled; your payment is being refunded in full',
    tooFewStudents: 'This session was cancelled: too few students enrolled',
    educatorDeactivated: "This lesson's educator is not taking new students at the moment",
  },
  waitlist: {
    alreadyWaiting: 'You are already on the waitlist of this session',
    seatsFree: 'Seats are free in this session: enroll instead',
    joined: 'You are on the waitlist',
    left: 'You left the waitlist',
    notWaiting: 'You are not on the waitlist of this session',
  },
  payments: {
    someoneElses: 'This payment belongs to someone else',
    /** `status`: the payment's status ('refunded'), which clients may translate. */
    notProcessing: ({ status }: { status: string }) => `The payment is ${status}`,
    sessionClosed: 'The session is no longer open',
    freeSession: 'This session is free: enroll directly',
    holdExpired:
      'Your seat hold expired and the seat was taken meanwhile; you have not been charged',
    notApproved: 'The payment has not been approved yet',
    declined: 'The payment was declined; you have not been charged',
    providerUnavailable: 'The payment provider is unavailable; please try again',
    invalidSignature: 'Invalid webhook signature',
  },
  reviews: {
    notAttended: 'You can review only lessons you attended',
    alreadyReviewed: 'You have already reviewed this lesson',
    blank: 'Please enter a review and rate the lesson',
    tooLong: ({ count }: { count: number }) =>
      `A review is at most ${counted(count, 'character', 'characters')}`,
  },
  materials: {
    forbidden: 'Only the owner and enrolled students see the materials',
    lessonMismatch: 'lessonId does not match the lesson in the path',
    linkWithFile: 'A link material has no file',
    unknownFile: 'fileId must name a file uploaded to this lesson',
    fileInUse: 'This file is already used by another material',
    deleted: 'Resource deleted',
  },
  uploads: {
    noFile: 'No file provided',
    /** A file of 0 bytes: there is nothing to keep. */
    empty: 'File is empty',
    blankName: 'File name cannot be empty',
    tooLarge: 'File is too large. Maximum size is 10MB.',
    invalidType: 'Invalid file type.',
    malformed: 'The upload could not be read: send one file as multipart/form-data',
    nameTooLong: ({ count }: { count: number }) =>
      `File name is too long (at most ${counted(count, 'character', 'characters')})`,
    /** The uploader's files would take more than their storage quota (`quotaText` of rules.ts). */
    quotaExceeded: ({ quota }: { quota: string }) =>
      `Not enough storage space: your uploaded files may take up ${quota} in all. ` +
      'Remove materials you no longer need, then try again.',
  },
} as const

/** The numbers and names a message's sentence is built from, by name. */
export type MessageParams = Readonly<Record<string, string | number>>

/** One message of the API: its code, the parameters of its sentence, and the English sentence. */
export interface Message {
  readonly code: string
  readonly params?: MessageParams
  readonly text: string
}

type Template = string | ((params: never) => string)
interface Templates {
  readonly [key: string]: Template | Templates
}

type Coded<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? Message
    : T[K] extends (params: infer P) => string
      ? (params: P) => Message
      : Coded<T[K]>
}

const coded = <T extends Templates>(templates: T, prefix = ''): Coded<T> =>
  Object.fromEntries(
    Object.entries(templates).map(([key, template]) => {
      const code = `${prefix}${key}`
      if (typeof template === 'string') return [key, { code, text: template }]
      if (typeof template === 'function') {
        const sentence = template as (params: MessageParams) => string
        return [key, (params: MessageParams) => ({ code, params, text: sentence(params) })]
      }
      return [key, coded(template, `${code}.`)]
    }),
  ) as Coded<T>

const codesOf = (templates: Templates, prefix = ''): string[] =>
  Object.entries(templates).flatMap(([key, template]) =>
    typeof template === 'object' ? codesOf(template, `${prefix}${key}.`) : [`${prefix}${key}`],
  )

export const MESSAGES = coded(TEMPLATES)

/** A message as the API sends it: the English text as `message`, with its code and parameters. */
export const messageFields = ({ code, params, text }: Message) => ({
  message: text,
  code,
  ...(params ? { params } : {}),
})

/** One message or a list of them, as a list. */
export const messageList = (answer: Message | readonly Message[]): readonly Message[] =>
  'code' in answer ? [answer] : answer

/**
 * The message fields of an error body: one message as a string, a list (a bad request's problems)
 * as a list with the code and parameters of each in `problems`; the first one's code and
 * parameters beside them either way. The server and the mocks both answer with it.
 */
export const errorFields = (answer: Message | readonly Message[]) => {
  if ('code' in answer) return messageFields(answer)
  const [first] = answer
  return {
    ...(first ? messageFields(first) : {}),
    message: answer.map((line) => line.text),
    problems: answer.map(({ code, params }) => ({ code, ...(params ? { params } : {}) })),
  }
}

/** Every message's code, for the test that each has a translation in every language. */
export const MESSAGE_CODES: readonly string[] = codesOf(TEMPLATES)
