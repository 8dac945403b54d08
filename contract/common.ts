import Type from 'typebox'

/** Positive integer identifier used by every entity. */
export const Id = Type.Integer({ minimum: 1, description: 'Positive integer identifier' })

/** The largest id a PostgreSQL `integer` column holds (2^31 - 1). */
export const ID_MAX = 2 ** 31 - 1

/**
 * A path parameter id; it arrives as text and is coerced to an integer before validation. One
 * past the column's range is refused as a 400, not left to fail in the database as a 500.
 */
export const IdParam = Type.Integer({ minimum: 1, maximum: ID_MAX })

export const IsoDateTime = Type.String({
  format: 'date-time',
  description: 'ISO 8601 instant (UTC)',
})

/**
 * The one error body of the API (§8): `message` is a single string or a list of strings
 * (validation errors list every failed rule).
 */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    error: Type.String({ description: 'HTTP reason phrase, e.g. "Conflict"' }),
    message: Type.Union([Type.String(), Type.Array(Type.String())]),
  },
  { $id: 'ErrorBody', description: 'Error response' },
)
export type ErrorBody = Type.Static<typeof ErrorBody>

export const MessageBody = Type.Object({ message: Type.String() })
export type MessageBody = Type.Static<typeof MessageBody>

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
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
