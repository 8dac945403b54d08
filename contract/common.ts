import Type from 'typebox'
import { ID_MAX } from './rules.ts'

export { ID_MAX }

/**
 * Positive integer identifier used by every entity. Bounded by its column, so an id past it (in
 * a path, a query or a body) is refused as a 400, not left to fail in the database as a 500.
 */
export const Id = Type.Integer({
  minimum: 1,
  maximum: ID_MAX,
  description: 'Positive integer identifier',
})

/** A path parameter id; it arrives as text and is coerced to an integer before validation. */
export const IdParam = Type.Integer({ minimum: 1, maximum: ID_MAX })

/**
 * The source of a regular expression for the decimal integers 1 to `max`, without leading zeros:
 * a list of ids in one text value (`categoryIds=3,7`) is bounded like a single id.
 */
export const integerPattern = (max: number) => {
  const digits = String(max)
  const ranges = [...digits].flatMap((digit, index) => {
    const low = index === 0 ? 1 : 0
    const high = Number(digit) - 1
    if (high < low) return []
    const rest = digits.length - index - 1
    const range = low === high ? String(low) : `[${low}-${high}]`
    return [`${digits.slice(0, index)}${range}${rest > 0 ? `\\d{${rest}}` : ''}`]
  })
  const shorter = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : []
  return `(?:${[...shorter, ...ranges, digits].join('|')})`
}

/** Comma-separated ids, each within the id column's range. */
export const ID_LIST_PATTERN = `^${integerPattern(ID_MAX)}(?:,${integerPattern(ID_MAX)})*$`

export const IsoDateTime = Type.String({
  format: 'date-time',
  description: 'ISO 8601 instant (UTC)',
})

/** The parameters of a message's sentence (seats, seconds, a field's name), by name. */
const MessageParamsSchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
  description: "The values the message's sentence is built from, by name",
})

/**
 * The one error body of the API (§8): `message` is a single string or a list of strings
 * (validation errors list every failed rule), in English; `code` and `params` (and `problems` for
 * a list) say the same for a client to put in its user's language (contract/messages.ts).
 */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    error: Type.String({ description: 'HTTP reason phrase, e.g. "Conflict"' }),
    message: Type.Union([Type.String(), Type.Array(Type.String())]),
    code: Type.Optional(
      Type.String({
        description:
          'The stable code of the (first) message, e.g. "enrollments.noSeatsLeft", for clients to translate',
      }),
    ),
    params: Type.Optional(MessageParamsSchema),
    problems: Type.Optional(
      Type.Array(Type.Object({ code: Type.String(), params: Type.Optional(MessageParamsSchema) }), {
        description: 'With a list of messages: the code and parameters of each, in its order',
      }),
    ),
    requestId: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'The id of the request (also its X-Request-Id header), by which its log lines are found',
      }),
    ),
  },
  { $id: 'ErrorBody', description: 'Error response' },
)
export type ErrorBody = Type.Static<typeof ErrorBody>

/**
 * An upload's 413: the shared error body; when the refusal is the uploader's storage quota (not
 * the size of one file), `storageQuotaMb` gives the quota, so the SPA can say it in its language.
 */
export const UploadRefusedBody = Type.Object(
  { ...ErrorBody.properties, storageQuotaMb: Type.Optional(Type.Integer({ minimum: 1 })) },
  { description: 'Error response; a refusal by the storage quota gives the quota in MB' },
)
export type UploadRefusedBody = Type.Static<typeof UploadRefusedBody>

export const MessageBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String({ description: 'The stable code of the message, to translate' })),
  params: Type.Optional(MessageParamsSchema),
})
export type MessageBody = Type.Static<typeof MessageBody>

/**
 * A page number is bounded like an id: far past any list, and its offset (page times take) still
 * fits PostgreSQL's bigint.
 */
export const PAGE_MAX = ID_MAX

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 })),
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
}

export const PageMeta = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  take: Type.Integer({ minimum: 1 }),
  itemCount: Type.Integer({ minimum: 0 }),
  pageCount: Type.Integer({ minimum: 0 }),
  hasNextPage: Type.Boolean(),
})
export type PageMeta = Type.Static<typeof PageMeta>

/** Every list endpoint answers `{ data, meta }` (§7: "response has data (array)"). */
export const Paginated = <T extends Type.TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), meta: PageMeta })
export type Paginated<T> = { data: T[]; meta: PageMeta }

/** The error statuses an endpoint may answer, each with the shared error body. */
export const errors = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as {
    [K in S[number]]: typeof ErrorBody
  }
