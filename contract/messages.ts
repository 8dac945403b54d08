/**
 * Every message the API answers with, written once: the server and the mock catalogue both read
 * them from here, so the SPA shows the same words against either backend (an architecture test
 * fails when a sentence is written in both). Grouped by the resource that answers it.
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

export const MESSAGES = {
  http: {
    unauthorized: 'Unauthorized',
    forbidden: 'Forbidden',
    /** A 5xx says only this, never the cause. */
    internalError: 'Internal Server Error',
    originNotAllowed: 'Origin not allowed',
    databaseDown: 'The database is not reachable',
    invalidJson: 'Body must be valid JSON',
    badUrl: 'The address is not a valid URL (check its percent-escapes)',
    paramTooLong: (max: number) =>
      `A path parameter is too long (at most ${counted(max, 'character', 'characters')})`,
    notFound: (what: string) => `${what} not found`,
    routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
    tooManyAttempts: (seconds: number) =>
      `Too many attempts. Try again in ${counted(seconds, 'second', 'seconds')}.`,
  },
  validation: {
    /** Only when a validator rejects a value without saying why. */
    invalidRequest: 'Invalid request',
    required: (path: string) => `${path} is required`,
    invalidFormat: (field: string) => `${field} has an invalid format`,
    notAllowed: (property: string) => `${property} is not allowed`,
    webUrl: (field: string) => `${field} must be a web address (http or https)`,
    unstorableText: (field: string) =>
      `${field} contains a character that is not allowed (NUL or an unpaired surrogate)`,
    finiteNumber: (field: string) => `${field} must be a finite number`,
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
    blankName: 'name must not be blank',
    currentPasswordRequired: 'currentPassword is required to change the email or password',
    wrongCurrentPassword: 'Current password is incorrect',
    /** Sign-ins refused for a while: too many wrong passwords for the account from this browser. */
    signInLocked: (seconds: number) =>
      `Too many failed sign-ins for this account. Try again in ${counted(seconds, 'second', 'seconds')}, or reset your password.`,
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
    unknownImage: 'Image does not exist',
    /** The SPA's words for the same rule (§5). */
    imageRequired: 'Please upload an image',
  },
  sessions: {
    noVideoLicence: 'Connect a video-conference account before creating sessions',
    unknownTimeZone: 'Unknown time zone',
    unsupportedMeetingLink: 'Meeting link must be a Zoom or Google Meet URL',
    endBeforeStart: 'End time must be after start time',
    startInPast: 'A session cannot start in the past',
    overlap: 'Probably, sessions overlap. Please check the session date again',
    startedCannotChange: 'A session that has started cannot be changed',
    startedCannotDelete: 'A session that has started cannot be deleted',
    deleted: 'Session deleted',
    deletedWithRefunds: (count: number) =>
      `Session deleted; ${counted(count, 'enrolled student', 'enrolled students')} refunded and notified`,
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
  },
  payments: {
    someoneElses: 'This payment belongs to someone else',
    notProcessing: (status: string) => `The payment is ${status}`,
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
    tooLong: (max: number) => `A review is at most ${counted(max, 'character', 'characters')}`,
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
    nameTooLong: (max: number) =>
      `File name is too long (at most ${counted(max, 'character', 'characters')})`,
    /** The uploader's files would take more than their storage quota (`quotaText` of rules.ts). */
    quotaExceeded: (quota: string) =>
      `Not enough storage space: your uploaded files may take up ${quota} in all. ` +
      'Remove materials you no longer need, then try again.',
  },
} as const
