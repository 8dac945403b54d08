import type { HttpMethod } from '../../../contract/descriptor.ts'
import { UPLOAD_LIMIT_BYTES } from '../../../contract/rules.ts'
import { PNG_BYTES } from '../catalogue-fixtures.ts'
import type { JsonSchema, Operation } from './operations.ts'
import {
  exampleOf,
  type ExampleContext,
  hostileUrlValues,
  hostileValues,
  mainBranch,
  RAW,
  typesOf,
  withRawTokens,
} from './values.ts'
import { pathIdOf, type World } from './world.ts'

/** One fuzzed request, relative to the API base. */
export interface FuzzCase {
  label: string
  method: HttpMethod
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** The path itself was changed: the request may reach another operation, or none. */
  pathChanged?: boolean
}

type Json = unknown
type Path = (string | number)[]

const JSON_HEADERS = { 'content-type': 'application/json' }

/** A copy of `value` with the node at `path` replaced (or removed when `replacement` is absent). */
const replaced = (value: Json, path: Path, replacement?: { value: Json }): Json => {
  if (path.length === 0) return replacement?.value
  const [head, ...rest] = path as [string | number, ...Path]
  if (Array.isArray(value)) {
    const items = [...(value as Json[])]
    if (rest.length === 0 && !replacement) items.splice(Number(head), 1)
    else items[Number(head)] = replaced(items[Number(head)], rest, replacement)
    return items
  }
  const fields = { ...(value as Record<string, Json>) }
  if (rest.length === 0 && !replacement) delete fields[head]
  else fields[head] = replaced(fields[head], rest, replacement)
  return fields
}

interface SchemaNode {
  path: Path
  schema: JsonSchema
}

/** Every node of a body schema with its path in the example: objects, array items, leaves. */
const nodesOf = (schema: JsonSchema, path: Path = []): SchemaNode[] => {
  const branch = mainBranch(schema)
  const here: SchemaNode = { path, schema }
  if (typesOf(branch).includes('object') && branch.properties) {
    return [
      here,
      ...Object.entries(branch.properties).flatMap(([key, property]) =>
        nodesOf(property, [...path, key]),
      ),
    ]
  }
  if (typesOf(branch).includes('array') && branch.items && branch.maxItems !== 0) {
    return [here, ...nodesOf(branch.items, [...path, 0])]
  }
  return [here]
}

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const describePath = (path: Path) => (path.length === 0 ? 'the body' : path.join('.'))

const jsonCase = (base: Omit<FuzzCase, 'payload' | 'headers'>, body: Json): FuzzCase => ({
  ...base,
  headers: JSON_HEADERS,
  payload: withRawTokens(JSON.stringify(body)),
})

const urlOf = (path: string, values: Record<string, string>, query: Record<string, string>) => {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1')
  const pairs = Object.entries(query).map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
  return pairs.length > 0 ? `${filled}?${pairs.join('&')}` : filled
}

/** A multipart body of parts as a browser writes them, with the boundary it declares. */
export const multipart = (
  parts: { name: string; filename?: string; bytes: Buffer | string; type?: string }[],
  boundary = 'fuzzboundary7MA4YWxkTrZu0gW',
) => {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ])
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Bodies no JSON reader should choke on, each with the content type it claims. */
const brokenBodies = (): [string, Record<string, string>, string | Buffer][] => [
  ['cut-off JSON', JSON_HEADERS, '{"title": "a'],
  ['an unclosed object', JSON_HEADERS, '{'],
  ['a misspelt literal', JSON_HEADERS, 'nul'],
  ['an empty JSON body', JSON_HEADERS, ''],
  ['JSON null', JSON_HEADERS, 'null'],
  ['a JSON string', JSON_HEADERS, '"text"'],
  ['a JSON array', JSON_HEADERS, '[]'],
  ['a NUL byte', JSON_HEADERS, '\u0000'],
  ['invalid UTF-8', JSON_HEADERS, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['a UTF-16 JSON body', { 'content-type': 'application/json; charset=utf-16' }, '{}'],
  ['a __proto__ key', JSON_HEADERS, '{"__proto__": {"isAdmin": true}}'],
  ['a constructor.prototype key', JSON_HEADERS, '{"constructor": {"prototype": {"x": 1}}}'],
  ['deeply nested arrays', JSON_HEADERS, `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ['a body past 1 MiB', JSON_HEADERS, `{"x": "${'b'.repeat(1_100_000)}"}`],
  ['text/plain', { 'content-type': 'text/plain' }, '{"title": "x"}'],
  ['XML', { 'content-type': 'application/xml' }, '<a>1</a>'],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'title=x&page=1'],
  ['multipart without boundary', { 'content-type': 'multipart/form-data' }, '--x\r\n\r\n'],
  ['a content type with NUL', { 'content-type': 'application/json\u0000' }, '{}'],
  ['an unknown content type', { 'content-type': 'application/x-fuzz' }, '{}'],
  ['a gzip-encoded body that is not gzip', { ...JSON_HEADERS, 'content-encoding': 'gzip' }, '{}'],
  ['no content type', {}, '{"a": 1}'],
]

/** The multipart requests an upload must refuse cleanly (or take, for the valid one). */
const uploadBodies = (field: string): [string, Record<string, string>, string | Buffer][] => {
  const valid = multipart([{ name: field, filename: 'cover.png', bytes: PNG_BYTES }])
  const custom = (parts: Parameters<typeof multipart>[0], boundary?: string) => {
    const body = multipart(parts, boundary)
    return [body.headers, body.payload] as const
  }
  return [
    ['a valid upload', valid.headers, valid.payload],
    ['multipart without boundary', { 'content-type': 'multipart/form-data' }, valid.payload],
    ['an empty boundary', { 'content-type': 'multipart/form-data; boundary=' }, valid.payload],
    ['an empty multipart body', valid.headers, ''],
    ['a multipart body cut in half', valid.headers, valid.payload.subarray(0, 90)],
    ['a multipart body cut before its end', valid.headers, valid.payload.subarray(0, -8)],
    [
      'a boundary the body does not use',
      { 'content-type': 'multipart/form-data; boundary=other' },
      valid.payload,
    ],
    ['a part without headers', valid.headers, '--fuzzboundary7MA4YWxkTrZu0gW\r\n\r\nabc'],
    ['garbage', valid.headers, Buffer.from([0, 1, 2, 3, 255, 254])],
    ['the wrong field', ...custom([{ name: 'other', filename: 'a.png', bytes: PNG_BYTES }])],
    ['no file, a text field', ...custom([{ name: field, bytes: 'not a file' }])],
    [
      'a NUL in the file name',
      ...custom([{ name: field, filename: 'a\u0000.png', bytes: PNG_BYTES }]),
    ],
    [
      'a 1000-character file name',
      ...custom([{ name: field, filename: `${'n'.repeat(1000)}.png`, bytes: PNG_BYTES }]),
    ],
    [
      'a path as file name',
      ...custom([{ name: field, filename: '../../etc/passwd.png', bytes: PNG_BYTES }]),
    ],
    ['a blank file name', ...custom([{ name: field, filename: '  .png', bytes: PNG_BYTES }])],
    ['an empty file', ...custom([{ name: field, filename: 'empty.png', bytes: '' }])],
    [
      'a NUL in a text field',
      ...custom([
        { name: 'note', bytes: 'a\u0000b' },
        { name: field, filename: 'a.png', bytes: PNG_BYTES },
      ]),
    ],
    [
      'two files',
      ...custom([
        { name: field, filename: 'a.png', bytes: PNG_BYTES },
        { name: field, filename: 'b.png', bytes: PNG_BYTES },
      ]),
    ],
    [
      'a text field of 2 MB',
      ...custom([
        { name: 'note', bytes: 'n'.repeat(2_000_000) },
        { name: field, filename: 'a.png', bytes: PNG_BYTES },
      ]),
    ],
    [
      'a file past the limit',
      ...custom([
        { name: field, filename: 'big.png', bytes: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1) },
      ]),
    ],
    ['a JSON body', JSON_HEADERS, '{}'],
    ['text/plain', { 'content-type': 'text/plain' }, 'file'],
    ['no body', {}, ''],
  ]
}

/**
 * Every fuzzed request of one operation: its valid form first, then each path parameter, query
 * parameter and body field replaced by hostile values, broken or mistyped bodies, and paths with
 * a segment dropped or added.
 */
export const casesOf = (operation: Operation, world: World): FuzzCase[] => {
  const { method, path, body } = operation
  const context: ExampleContext = { idOf: (noun) => (noun ? world.ids[noun] : undefined) }
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path')
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query')
  const validPath = Object.fromEntries(
    pathParams.map((parameter) => [parameter.name, String(pathIdOf(world, path, parameter.name))]),
  )
  const validQuery = Object.fromEntries(
    queryParams.map((parameter) => [
      parameter.name,
      encodeURIComponent(String(exampleOf(parameter.schema, parameter.name, context))),
    ]),
  )
  const url = urlOf(path, validPath, validQuery)
  const example = body?.kind === 'json' ? exampleOf(body.schema, '', context) : undefined
  const withBody = (label: string, url: string, pathChanged = false): FuzzCase =>
    example === undefined
      ? { label, method, url, headers: {}, pathChanged }
      : jsonCase({ label, method, url, pathChanged }, example)

  const cases: FuzzCase[] = [withBody('the valid request', url)]

  for (const parameter of pathParams) {
    for (const [label, value] of hostileUrlValues(parameter.schema)) {
      cases.push(
        withBody(
          `path ${parameter.name}: ${label}`,
          urlOf(path, { ...validPath, [parameter.name]: value }, validQuery),
          // An encoded slash, or an empty segment, may reach another route.
          value === '' || value.includes('%2F'),
        ),
      )
    }
  }

  for (const parameter of queryParams) {
    const query = (value: string) => ({ ...validQuery, [parameter.name]: value })
    for (const [label, value] of hostileUrlValues(parameter.schema)) {
      cases.push(
        withBody(`query ${parameter.name}: ${label}`, urlOf(path, validPath, query(value))),
      )
    }
    cases.push(
      withBody(
        `query ${parameter.name}: given twice`,
        `${urlOf(path, validPath, query('1'))}&${parameter.name}=2`,
      ),
    )
  }
  cases.push(
    withBody('an unknown query parameter', urlOf(path, validPath, { ...validQuery, fuzz: '1%00' })),
    withBody(
      'a query of 2000 parameters',
      `${url}${url.includes('?') ? '&' : '?'}${Array.from({ length: 2000 }, (_, index) => `p${index}=${index}`).join('&')}`,
    ),
  )

  // The path: a segment dropped or added, an empty one, a trailing slash.
  const segments = path.split('/')
  const pathVariants: [string, string][] = [
    ['the last segment dropped', segments.slice(0, -1).join('/') || '/'],
    ['a segment added', `${path}/fuzz`],
    ['an id segment added', `${path}/1`],
    ['a trailing slash', `${path}/`],
    ['a doubled slash', path.replace(/^\//, '//')],
  ]
  for (const [label, variant] of pathVariants) {
    cases.push(withBody(`path: ${label}`, urlOf(variant, validPath, validQuery), true))
  }

  if (body?.kind === 'json' && example !== undefined) {
    // A mutation starts from the required fields plus the one it changes, so it does not also
    // carry every optional field (a password to hash on each request, say).
    const required = new Set(mainBranch(body.schema).required ?? [])
    const fields = isRecord(example) ? example : {}
    const minimal = Object.fromEntries(Object.entries(fields).filter(([key]) => required.has(key)))
    const baseFor = (path: Path): Json => {
      const [top] = path
      if (!isRecord(example)) return example
      return top === undefined ? minimal : { ...minimal, [top]: fields[String(top)] }
    }
    cases.push(jsonCase({ label: 'the body: only the required fields', method, url }, minimal))
    for (const node of nodesOf(body.schema)) {
      const where = describePath(node.path)
      const base = baseFor(node.path)
      for (const [label, value] of hostileValues(mainBranch(node.schema))) {
        cases.push(
          jsonCase(
            { label: `${where}: ${label}`, method, url },
            replaced(base, node.path, { value }),
          ),
        )
      }
      if (node.path.length > 0) {
        cases.push(
          jsonCase({ label: `${where}: left out`, method, url }, replaced(base, node.path)),
        )
      }
      if (typesOf(mainBranch(node.schema)).includes('object')) {
        const target = node.path.reduce<Json>(
          (value, key) => (value as Record<string | number, Json>)[key],
          base,
        ) as Record<string, Json>
        for (const [label, extra] of [
          ['an unknown field', 'fuzz'],
          ['an unknown field with NUL', 'a\u0000b'],
          ['an unknown field with 2^31', 2 ** 31],
        ] as const) {
          cases.push(
            jsonCase(
              { label: `${where}: ${label}`, method, url },
              replaced(base, node.path, { value: { ...target, fuzzField: extra } }),
            ),
          )
        }
        cases.push(
          jsonCase(
            { label: `${where}: a key with NUL`, method, url },
            replaced(base, node.path, { value: { 'a\u0000b': 1 } }),
          ),
        )
      }
    }
    cases.push(jsonCase({ label: 'the body: a raw Infinity', method, url }, RAW('1e999')))
  }

  if (method !== 'GET') {
    const bodies = body?.kind === 'multipart' ? uploadBodies(body.field) : brokenBodies()
    for (const [label, headers, payload] of bodies) {
      cases.push({ label: `body: ${label}`, method, url, headers, payload })
    }
  }
  return cases
}
