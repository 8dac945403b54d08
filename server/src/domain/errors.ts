import { type Message, MESSAGES, messageList } from '../../../contract/messages.ts'
import type { Refusal } from '../../../contract/seats.ts'

/**
 * The refusals the domain raises, each with the message(s) the API answers. Repositories and
 * services throw them; only the central error handler (plugins/errors.ts) knows their statuses.
 */
export abstract class DomainError extends Error {
  /** What the API answers: one message, or every problem of a bad request. */
  readonly answer: Message | readonly Message[]

  constructor(answer: Message | readonly Message[]) {
    super(
      messageList(answer)
        .map((line) => line.text)
        .join('; '),
    )
    this.answer = answer
  }
}

/** A request the API cannot act on; it answers every problem at once (the SPA shows the first). */
export class BadRequestError extends DomainError {
  constructor(problems: Message | readonly Message[]) {
    super(messageList(problems))
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: Message = MESSAGES.http.unauthorized) {
    super(message)
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: Message = MESSAGES.http.forbidden) {
    super(message)
  }
}

/** Not found: "<what> not found", or a message of its own that says what is missing. */
export class NotFoundError extends DomainError {
  constructor(what: string | Message) {
    super(typeof what === 'string' ? MESSAGES.http.notFound({ what }) : what)
  }
}

/**
 * The request clashes with the state of things. `details` are fields the error body carries
 * beside its message (an overlap names the session it clashes with); the endpoint's 409 schema
 * declares them.
 */
export class ConflictError extends DomainError {
  readonly details: Readonly<Record<string, unknown>>

  constructor(message: Message, details: Readonly<Record<string, unknown>> = {}) {
    super(message)
    this.details = details
  }
}

/**
 * More than the API takes: one file past the size limit, or an upload past the uploader's storage
 * quota. `details` are fields the error body carries beside its message (the quota); the
 * endpoint's 413 schema declares them.
 */
export class PayloadTooLargeError extends DomainError {
  readonly details: Readonly<Record<string, unknown>>

  constructor(message: Message, details: Readonly<Record<string, unknown>> = {}) {
    super(message)
    this.details = details
  }
}

/** Too many wrong attempts: the call may be made again after `retryAfterSeconds`. */
export class TooManyAttemptsError extends DomainError {
  readonly retryAfterSeconds: number

  constructor(
    retryAfterSeconds: number,
    message: Message = MESSAGES.http.tooManyAttempts({ count: retryAfterSeconds }),
  ) {
    super(message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: Message) {
    super(message)
  }
}

/** Finds a row or fails with `{what} not found`. */
export const found = <T>(row: T | undefined | null, what: string): T => {
  if (row === undefined || row === null) throw new NotFoundError(what)
  return row
}

/**
 * The payment provider did not answer usably (network, time-out, 5xx): nothing was decided, so
 * the caller may try again. `detail` is for the log; the client gets the message.
 */
export class ProviderUnavailableError extends DomainError {
  readonly detail: string

  constructor(detail: string) {
    super(MESSAGES.payments.providerUnavailable)
    this.detail = detail
  }
}

/** A paid session: the seat is taken through a payment, not directly. */
export class PaymentRequiredError extends DomainError {
  constructor(message: Message) {
    super(message)
  }
}

/** A refusal decided by the shared core (contract/seats.ts), as the domain error it is. */
export const refusalError = ({ status, message }: Refusal): DomainError => {
  switch (status) {
    case 400:
      return new BadRequestError(message)
    case 402:
      return new PaymentRequiredError(message)
    case 403:
      return new ForbiddenError(message)
    case 409:
      return new ConflictError(message)
  }
}
