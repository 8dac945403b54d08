import * as admin from './endpoints/admin.ts'
import * as auth from './endpoints/auth.ts'
import * as categories from './endpoints/categories.ts'
import * as guest from './endpoints/guest.ts'
import * as lessons from './endpoints/lessons.ts'
import * as payments from './endpoints/payments.ts'
import * as resources from './endpoints/resources.ts'
import * as reviews from './endpoints/reviews.ts'
import * as sessions from './endpoints/sessions.ts'
import * as system from './endpoints/system.ts'
import * as user from './endpoints/user.ts'
import type { Endpoint } from './endpoint.ts'

export * from './common.ts'
export type * from './client.ts'
export * from './endpoint.ts'
export * from './entities.ts'
export * from './rules.ts'
export type {
  RegisterBody,
  LoginBody,
  ConfirmBody,
  EmailBody,
  SetNewPasswordBody,
} from './endpoints/auth.ts'
export type { UpdateProfileBody, ReviewsQuery } from './endpoints/user.ts'
export type { LessonListQuery, LessonWriteBody, MyListQuery } from './endpoints/lessons.ts'
export type {
  SessionWriteBody,
  SessionsQuery,
  MeetingLink,
  SessionOverlap,
  SessionConflictBody,
  SessionDeleted,
} from './endpoints/sessions.ts'
export type { ResourceWriteBody, RenameResourceBody } from './endpoints/resources.ts'
export type { ReviewBody } from './endpoints/reviews.ts'
export type { CreateOrderBody, PaymentsQuery, WebhookBody } from './endpoints/payments.ts'
export type {
  AddLicenceBody,
  AdminRefundsQuery,
  AdminSessionsQuery,
  AdminUsersQuery,
  AssignLicenceBody,
} from './endpoints/admin.ts'

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value

const collect = (...modules: object[]) =>
  modules.flatMap((module) => Object.values(module).filter(isEndpoint))

/** The whole REST catalogue of §7, grouped by resource. */
export const api = {
  admin,
  auth,
  categories,
  guest,
  lessons,
  payments,
  resources,
  reviews,
  sessions,
  system,
  user,
}

export type ApiResource = keyof typeof api

/** What each resource of `api` is about, in one line: the OpenAPI document's tags. */
export const RESOURCE_SUMMARIES = {
  admin: 'Account approval and the video-conference licence pool, for admins',
  auth: 'Registration, e-mail confirmation, sign-in, sign-out and password reset',
  categories: 'Lesson categories, for signed-in users',
  guest: "The public catalogue: lessons, their sessions, and educators' reviews and ratings",
  lessons: 'Lessons: the catalogue, their covers, and what educators publish and students attended',
  payments: "Paying for a seat through PayPal, and the payment provider's webhook",
  resources: 'Lesson materials, links and uploaded files, for owners and enrolled students',
  reviews: "Students' reviews of the lessons they attended",
  sessions: "A lesson's live sessions: scheduling, seats, calendar files and meeting links",
  system: 'The health check of the API',
  user: "The signed-in account: profile, video licence, and educators' reviews and ratings",
} as const satisfies Record<ApiResource, string>

/**
 * Where each endpoint is declared: its export name and its module (the resource). The OpenAPI
 * document names each operation by them (operationId, tag), so no list repeats the names.
 */
export const declarations: ReadonlyMap<
  Endpoint,
  { readonly name: string; readonly resource: ApiResource }
> = new Map(
  (Object.entries(api) as [ApiResource, object][]).flatMap(([resource, module]) =>
    Object.entries(module)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [endpoint, { name, resource }] as const),
  ),
)

/** Every endpoint, for the server's route registration, the OpenAPI document and the contract tests. */
export const endpoints: readonly Endpoint[] = collect(
  system,
  auth,
  user,
  lessons,
  sessions,
  resources,
  reviews,
  payments,
  categories,
  admin,
  guest,
)
