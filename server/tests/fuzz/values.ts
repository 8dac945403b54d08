import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import type { JsonSchema } from './operations.ts'

/**
 * Values generated from a JSON schema: a valid example of it (so a mutated field is the only
 * wrong one and the request reaches the handler), and the hostile values to put in its place.
 */

const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>()

/** Whether `value` is valid for `schema` (validators are compiled once per schema object). */
export const isValid = (schema: JsonSchema, value: unknown) => {
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  // A schema without `$async` validates synchronously: the answer is a boolean.
  return validate(value) === true
}

export const schemaErrors = (schema: JsonSchema, value: unknown) =>
  isValid(schema, value) ? null : ajv.errorsText(validators.get(schema)?.errors)

/** The types a schema admits (every branch of a union); none means anything. */
export const typesOf = (schema: JsonSchema): string[] => {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf)
  if (schema.type) return [schema.type].flat()
  if (schema.const !== undefined) return [typeof schema.const]
  if (schema.enum) return [...new Set(schema.enum.map((value) => typeof value))]
  return []
}

/** The branch of a union an example follows: the first that is not null. */
export const mainBranch = (schema: JsonSchema): JsonSchema =>
  schema.anyOf
    ? mainBranch(schema.anyOf.find((branch) => branch.type !== 'null') ?? schema)
    : schema

/**
 * What an id in a name refers to (`lessonId`, `categoryIds` → lesson, category), for the
 * example of an id field: the world's object of that kind.
 */
export const nounOfName = (name: string) => /^(\w+?)Ids?$/.exec(name)?.[1]?.toLowerCase()

/** Strings tried, in order, for a string schema with a pattern or format: the first valid wins. */
const STRING_CANDIDATES = [
  'Fuzzed text',
  'fuzz@example.com',
  'Password1',
  '2031-05-04',
  '10:00',
  '1',
  '2031-05-04T10:00:00.000Z',
  'https://example.com/',
]

export interface ExampleContext {
  /** The id of the world's object a noun names, if it has one. */
  idOf: (noun: string | undefined) => number | undefined
}

/** A valid value of `schema` for the property `name`, using the world's ids for id fields. */
export const exampleOf = (schema: JsonSchema, name: string, context: ExampleContext): unknown => {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  const branch = mainBranch(schema)
  if (branch !== schema) return exampleOf(branch, name, context)
  const [type] = typesOf(schema)
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          exampleOf(property, key, context),
        ]),
      )
    case 'array':
      return schema.maxItems === 0 || !schema.items ? [] : [exampleOf(schema.items, name, context)]
    case 'integer':
    case 'number': {
      const id = context.idOf(nounOfName(name))
      if (id !== undefined && isValid(schema, id)) return id
      return schema.minimum ?? 1
    }
    case 'boolean':
      return false
    case 'string': {
      // The few fields whose valid values no pattern states (a zone, a meeting link, an end
      // after the start), by name, so a session form reaches its handler.
      if (name === 'timezone') return 'Asia/Tokyo'
      if (name === 'url') return 'https://zoom.us/j/123456789'
      const id = context.idOf(nounOfName(name))
      const candidates = [
        ...(id === undefined ? [] : [String(id)]),
        ...(/^end/i.test(name) ? ['11:00'] : []),
        ...STRING_CANDIDATES,
      ]
      return candidates.find((candidate) => isValid(schema, candidate)) ?? 'x'
    }
    default:
      return 'fuzz'
  }
}

/** Stands for a JSON token no JavaScript value serialises to; replaced in the request's text. */
export const RAW = (token: string) => `\u0001RAW:${token}\u0001`
/** Puts the raw tokens into serialised JSON: `"\u0001RAW:1e999\u0001"` → `1e999`. */
export const withRawTokens = (json: string) =>
  json.replace(/"\\u0001RAW:(.*?)\\u0001"/g, (_, token: string) => token)

export const MEGABYTE_STRING = 'm'.repeat(1_000_000)

/** A value of every JSON type, each wrong for most fields. */
const WRONG_TYPES: readonly [string, unknown][] = [
  ['a string', 'fuzz'],
  ['an integer', 7],
  ['a boolean', true],
  ['null', null],
  ['an object', { fuzz: 1 }],
  ['an array', [1, 'two']],
]

/** Numbers past every column and range: 2^31, 2^53, 1e308 and their negatives, and more. */
export const HOSTILE_NUMBERS: readonly [string, unknown][] = [
  ['2^31 - 1', 2 ** 31 - 1],
  ['2^31', 2 ** 31],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['2^53', 2 ** 53],
  ['-2^53', -(2 ** 53)],
  ['1e308', 1e308],
  ['1e999 (Infinity)', RAW('1e999')],
  ['-1', -1],
  ['0', 0],
  ['0.5', 0.5],
  ['an integer written 1e2', RAW('1e2')],
]

/** Strings no text column should take as they are, or too long for any. */
export const hostileStrings = (schema: JsonSchema): [string, unknown][] => [
  ['empty', ''],
  ['blank', '   '],
  ['a NUL byte', 'a\u0000b'],
  ['an unpaired high surrogate', 'a\ud800b'],
  ['an unpaired low surrogate', '\udc00'],
  ['control characters', '\u0001\u0002\u001b[31m\u007f'],
  ['astral characters', '𝒜'.repeat(Math.min(schema.maxLength ?? 50, 5000))],
  // Past the limit by one when there is one; about 1 MB (near the body limit) when there is none.
  schema.maxLength !== undefined
    ? ['one past maxLength', 'a'.repeat(schema.maxLength + 1)]
    : ['about 1 MB', MEGABYTE_STRING],
  ['a javascript: url', 'javascript:alert(1)'],
  ['a LIKE wildcard', '%_\\'],
  ['a numeric string past 2^31', '2147483648'],
]

/** The wrong values to put where a field of `schema` goes. */
export const hostileValues = (schema: JsonSchema): [string, unknown][] => {
  const types = typesOf(schema)
  const out: [string, unknown][] = [...WRONG_TYPES]
  if (types.length === 0 || types.includes('integer') || types.includes('number')) {
    out.push(...HOSTILE_NUMBERS)
    if (schema.maximum !== undefined) out.push(['maximum + 1', schema.maximum + 1])
    if (schema.minimum !== undefined) out.push(['minimum - 1', schema.minimum - 1])
  }
  if (types.length === 0 || types.includes('string')) out.push(...hostileStrings(schema))
  if (types.includes('array')) {
    const items = schema.items ? exampleOf(schema.items, '', { idOf: () => undefined }) : 1
    out.push(['10 000 items', Array.from({ length: 10_000 }, () => items)])
  }
  return out
}

/**
 * Text for a query or path value: the same hostile numbers and strings, as a URL carries them,
 * each already percent-encoded (some on purpose wrongly: `%ZZ`, a lone `%`).
 */
export const hostileUrlValues = (schema: JsonSchema): [string, string][] => [
  ['a word', 'fuzz'],
  ['empty', ''],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['2^31 - 1', '2147483647'],
  ['2^31', '2147483648'],
  ['2^53 + 1', '9007199254740993'],
  ['1e999', '1e999'],
  ['hex', '0x10'],
  ['a plus sign', '%2B1'],
  ['a leading space', '%201'],
  ['a NUL byte', '1%00'],
  ['only NUL', '%00'],
  ['an encoded unpaired surrogate', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['a broken escape', '%ZZ'],
  ['a list past 2^31', '1%2C2147483648'],
  ['a long list', Array.from({ length: 5000 }, (_, index) => index + 1).join('%2C')],
  ['an encoded slash', '1%2F2'],
  ...(schema.maxLength !== undefined
    ? ([['one past maxLength', 'a'.repeat(schema.maxLength + 1)]] as [string, string][])
    : []),
  ['about 100 kB', 'q'.repeat(100_000)],
]
