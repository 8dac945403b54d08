import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import type { Role } from '../../contract/entities.ts'
import { PDF } from './material-files.ts'
import { PNG_BYTES } from './catalogue-fixtures.ts'
import {
  type Facts,
  type Instance,
  type Persona,
  type Side,
  type SideObjects,
  SIDES,
  type World,
} from './authz-world.ts'

/**
 * Requests for the authorisation matrix, built from the OpenAPI document alone: each operation's
 * declared access (`x-access`, `x-approved-only`), its path parameters and body schema. Path
 * parameters and id fields of a body are "slots" filled with objects of the world; a small rule
 * table, keyed by the type of object a slot names (never by operation), says who may act on it.
 * Whatever the generator cannot build (an unknown slot, a string it has no example for, a body it
 * builds that its own schema refuses) is an error, so a new operation is never skipped silently.
 */

export type Access = 'public' | 'user' | readonly Role[]

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  minItems?: number
  minimum?: number
  pattern?: string
  format?: string
  $ref?: string
  patternProperties?: Record<string, JsonSchema>
}

export type SlotType =
  'lesson' | 'session' | 'resource' | 'file' | 'image' | 'payment' | 'user' | 'licence' | 'category'

export interface Slot {
  name: string
  where: 'path' | 'body'
  type: SlotType
}

export interface Operation {
  key: string
  method: string
  /** Relative to the API base, Fastify style: `/lessons/:id`. */
  path: string
  access: Access
  approvedOnly: boolean
  slots: Slot[]
  /** The query parameters the operation declares. */
  query: string[]
  body: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; field: string } | null
  /** The first segment of the path: the API resource the call belongs to. */
  area: string
}

// --- The document -----------------------------------------------------------------------------

interface OpenApiOperation {
  'x-access'?: unknown
  'x-approved-only'?: unknown
  parameters?: { in: string; name: string; required?: boolean }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

/** The collection a path parameter's preceding segment names, and the type of its objects. */
const COLLECTIONS: Record<string, SlotType> = {
  lessons: 'lesson',
  sessions: 'session',
  resources: 'resource',
  files: 'file',
  payments: 'payment',
  users: 'user',
  user: 'user',
  'video-licences': 'licence',
}

/** A body's id fields by name: `lessonId` names a lesson. */
const BODY_IDS: Record<string, SlotType> = {
  lessonId: 'lesson',
  sessionId: 'session',
  fileId: 'file',
  imageId: 'image',
  categoryId: 'category',
  licenceId: 'licence',
}

const isAccess = (value: unknown): value is Access =>
  value === 'public' ||
  value === 'user' ||
  (Array.isArray(value) &&
    value.length > 0 &&
    value.every((role) => role === 'admin' || role === 'student' || role === 'educator'))

/** Every operation of the document under the API prefix; problems for what it cannot read. */
export const readOperations = (document: OpenApiDocument, prefix: string) => {
  const operations: Operation[] = []
  const problems: string[] = []
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    if (!openApiPath.startsWith(prefix)) continue
    const path = openApiPath.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1') || '/'
    for (const [lower, spec] of Object.entries(methods)) {
      const method = lower.toUpperCase()
      const key = `${method} ${path}`
      const access = spec['x-access']
      if (!isAccess(access)) {
        problems.push(`${key}: no valid x-access in the document`)
        continue
      }
      const slots: Slot[] = []
      const segments = path.split('/').filter(Boolean)
      segments.forEach((segment, index) => {
        if (!segment.startsWith(':')) return
        const type = COLLECTIONS[segments[index - 1] ?? '']
        if (!type) problems.push(`${key}: no rule for the type of path parameter ${segment}`)
        else slots.push({ name: segment.slice(1), where: 'path', type })
      })
      const query: string[] = []
      for (const parameter of spec.parameters ?? []) {
        if (parameter.in !== 'query') continue
        query.push(parameter.name)
        if (parameter.required) {
          problems.push(`${key}: cannot build the required query parameter ${parameter.name}`)
        }
      }
      let body: Operation['body'] = null
      const content = spec.requestBody?.content ?? {}
      if (content['application/json']) {
        const schema = resolve(document, content['application/json'].schema)
        body = { kind: 'json', schema }
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (!/Id$/.test(name) || !isIdSchema(resolve(document, property))) continue
          const type = BODY_IDS[name]
          if (!type) problems.push(`${key}: no rule for the type of body field ${name}`)
          else slots.push({ name, where: 'body', type })
        }
      } else if (content['multipart/form-data']) {
        const properties = Object.keys(content['multipart/form-data'].schema.properties ?? {})
        const [field] = properties
        if (!field || properties.length !== 1 || !UPLOADS[field]) {
          problems.push(`${key}: cannot build a multipart body of ${properties.join(', ')}`)
        } else body = { kind: 'multipart', field }
      } else if (Object.keys(content).length > 0) {
        problems.push(`${key}: cannot build a body of ${Object.keys(content).join(', ')}`)
      }
      operations.push({
        key,
        method,
        path,
        access,
        approvedOnly: spec['x-approved-only'] === true,
        slots,
        query,
        body,
        area: segments[0] ?? '',
      })
    }
  }
  return { operations, problems }
}

const resolve = (document: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = document.components?.schemas?.[name]
  if (!target) throw new Error(`Unresolved reference ${schema.$ref}`)
  return resolve(document, target)
}

const isIntegerSchema = (schema: JsonSchema) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'))

const isIdSchema = (schema: JsonSchema): boolean =>
  isIntegerSchema(schema) || (schema.anyOf ?? schema.oneOf ?? []).some(isIdSchema)

// --- Who may act on what ------------------------------------------------------------------------

export type Relation =
  'any' | 'owner' | 'ownerOrSeated' | 'reader' | 'payer' | 'payerOrAdmin' | 'attended'

/**
 * The ownership rules, by the type of object the call acts on: the object its last path
 * parameter names, or the collection after it (`/lessons/:id/resources` acts on the lesson's
 * materials). `read` is GET, `write` everything else; a method may have its own rule. The rule
 * is checked on every object the path names, so a session of someone else's lesson is as
 * foreign as the lesson.
 */
const TARGET_RULES: Record<string, Partial<Record<string, Relation>>> = {
  // A lesson and its page are public; editing it is its owner's.
  lesson: { read: 'any', write: 'owner' },
  // The sessions of a lesson are listed for all; adding one is the lesson owner's.
  sessions: { read: 'any', write: 'owner' },
  // One session: its calendar and link, editing or deleting it, and giving a seat back are for
  // its owner and its seated students (the handler tells which); anyone the role admits enrolls.
  session: { read: 'ownerOrSeated', write: 'ownerOrSeated', POST: 'any' },
  // Materials and their files: the owner, students enrolled in the lesson, admins.
  resources: { read: 'reader', write: 'owner' },
  resource: { read: 'reader', write: 'owner' },
  file: { read: 'reader', write: 'owner' },
  // A payment is its payer's; admins may read any.
  payment: { read: 'payerOrAdmin', write: 'payer' },
  // Accounts (admins manage them), an educator's public reviews and rating, the licence pool.
  user: { read: 'any', write: 'any' },
  reviews: { read: 'any', write: 'any' },
  licence: { read: 'any', write: 'any' },
}

/** Sub-collections a path may end with after its last parameter. */
const SUB_COLLECTIONS = new Set(['sessions', 'resources', 'reviews'])

/**
 * The rules for objects a body names. A lesson named in a review must have been attended; in an
 * order any lesson may be bought; in a material it must be the caller's (the path's lesson).
 */
const BODY_RULES: Record<SlotType, Relation | Record<string, Relation>> = {
  image: 'owner',
  file: 'owner',
  lesson: { reviews: 'attended', payments: 'any', lessons: 'owner' },
  session: 'any',
  category: 'any',
  licence: 'any',
  user: 'any',
  resource: 'owner',
  payment: 'payer',
}

/** The rule for the path's slots; an error when the table has none. */
export const pathRelation = (operation: Operation): Relation => {
  const segments = operation.path.split('/').filter(Boolean)
  const last = segments.findLastIndex((segment) => segment.startsWith(':'))
  if (last < 0) return 'any'
  const after = segments[last + 1]
  const target =
    after && SUB_COLLECTIONS.has(after)
      ? after
      : operation.slots.find((slot) => slot.where === 'path' && `:${slot.name}` === segments[last])
          ?.type
  const rules = target ? TARGET_RULES[target] : undefined
  const relation =
    rules?.[operation.method] ?? rules?.[operation.method === 'GET' ? 'read' : 'write']
  if (!relation) throw new Error(`${operation.key}: no ownership rule for ${String(target)}`)
  return relation
}

export const bodyRelation = (operation: Operation, slot: Slot): Relation => {
  const rule = BODY_RULES[slot.type]
  const relation = typeof rule === 'string' ? rule : rule[operation.area]
  if (!relation) throw new Error(`${operation.key}: no rule for ${slot.name} in ${operation.area}`)
  return relation
}

export const holds = (relation: Relation, facts: Facts, persona: Persona): boolean => {
  const id = persona.id
  const owner = id !== null && facts.owner === id
  switch (relation) {
    case 'any':
      return true
    case 'owner':
      return owner
    case 'ownerOrSeated':
      return owner || (id !== null && (facts.seated ?? []).includes(id))
    case 'reader':
      return (
        persona.role === 'admin' || owner || (id !== null && (facts.enrolled ?? []).includes(id))
      )
    case 'payer':
      return id !== null && facts.payer === id
    case 'payerOrAdmin':
      return persona.role === 'admin' || (id !== null && facts.payer === id)
    case 'attended':
      return id !== null && (facts.attended ?? []).includes(id)
  }
}

// --- Cases --------------------------------------------------------------------------------------

/** Which object of the world fills each slot, and from which side. */
export type Assignment = Record<string, { side: Side; instance: Instance }>

export interface Case {
  label: string
  assignment: Assignment
  /** Body fields the schema declares, sent with a hostile value instead of a valid one. */
  override?: Record<string, unknown>
}

/**
 * The objects of a side a slot may name. A session: the one in progress and the one to come; a
 * file in a path: a material's and a cover no lesson shows yet.
 */
const candidates = (objects: SideObjects, slot: Slot, world: World): readonly Instance[] => {
  switch (slot.type) {
    case 'lesson':
      return [objects.lesson]
    case 'session':
      return objects.sessions
    case 'resource':
      return [objects.resource]
    case 'file':
      return slot.where === 'path' ? [objects.file, objects.image] : [objects.spareFile]
    case 'image':
      return [objects.image]
    case 'payment':
      return [objects.payment]
    case 'user':
      return [objects.user]
    case 'licence':
      return [world.freeLicence]
    case 'category':
      return [world.category]
  }
}

const pick = (objects: SideObjects, slot: Slot, variant: number, world: World): Instance => {
  const list = candidates(objects, slot, world)
  const instance = list[Math.min(variant, list.length - 1)]
  if (!instance) throw new Error(`No object for ${slot.name}`)
  return instance
}

/** Slots whose object differs between the sides (a category or the free licence does not). */
const sided = (slot: Slot) => slot.type !== 'licence' && slot.type !== 'category'

/**
 * The requests of one persona on one operation: every slot from one side (each of the side's
 * candidates, when a slot has several), and, where the operation names more than one object, each of
 * them in turn taken from the other side (someone else's session under one's own lesson, someone
 * else's file or cover in one's own material or lesson).
 */
export const casesOf = (operation: Operation, world: World, all: boolean): Case[] => {
  const cases: Case[] = []
  const sample = world.sides.educator
  const variants = Math.max(
    1,
    ...operation.slots.map((slot) => candidates(sample, slot, world).length),
  )
  const sidedSlots = operation.slots.filter(sided)
  for (const side of all ? SIDES : SIDES.slice(0, 1)) {
    const other: Side = side === 'educator' ? 'otherEducator' : 'educator'
    for (let variant = 0; variant < (all ? variants : 1); variant += 1) {
      const base: Assignment = {}
      const named: string[] = []
      for (const slot of operation.slots) {
        const instance = pick(world.sides[side], slot, variant, world)
        base[slot.name] = { side, instance }
        if (candidates(sample, slot, world).length > 1 && instance.label) named.push(instance.label)
      }
      const label = [`${side}'s side`, ...named].join(', ')
      cases.push({ label, assignment: base })
      if (!all || sidedSlots.length < 2) continue
      for (const slot of sidedSlots) {
        cases.push({
          label: `${label}, ${slot.name} of ${other}'s`,
          assignment: {
            ...base,
            [slot.name]: { side: other, instance: pick(world.sides[other], slot, variant, world) },
          },
        })
      }
    }
  }
  return cases
}

// --- Bodies -------------------------------------------------------------------------------------

const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(date)
}

/**
 * Values for string fields the generator cannot invent, by property name: formats, patterns and
 * choices that matter (a material made of a file, a meeting on a supported service).
 */
const STRING_EXAMPLES: Record<string, () => string> = {
  email: () => 'matrix-newcomer@test.example',
  accountEmail: () => 'matrix-pool-newcomer@pool.example',
  password: () => 'Password1',
  date: () => inDays(10),
  startHour: () => '10:00',
  endHour: () => '11:00',
  timezone: () => 'Asia/Tokyo',
  url: () => 'https://meet.google.com/abc-defg-hij',
  type: () => 'document',
}

/** The file a multipart field takes, by its name. */
export const UPLOADS: Record<string, { filename: string; bytes: Buffer }> = {
  image: { filename: 'matrix-cover.png', bytes: PNG_BYTES },
  file: { filename: 'matrix-notes.pdf', bytes: PDF },
}

const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)

/**
 * A minimal valid body: every required field, and the id fields (slots), from the schema; errors
 * when a value cannot be made or the body fails its own schema.
 */
export const jsonBody = (
  operation: Operation,
  schema: JsonSchema,
  assignment: Assignment,
): Record<string, unknown> => {
  const value = (name: string, field: JsonSchema): unknown => {
    const choices = field.anyOf ?? field.oneOf
    if (field.const !== undefined) return field.const
    if (field.enum) return STRING_EXAMPLES[name]?.() ?? field.enum[0]
    if (choices) {
      const example = STRING_EXAMPLES[name]?.()
      if (example !== undefined) return example
      const usable = choices.find((choice) => choice.type !== 'null') ?? choices[0]
      if (!usable) throw new Error(`${operation.key}: no usable choice for ${name}`)
      return value(name, usable)
    }
    const type = Array.isArray(field.type) ? field.type[0] : field.type
    switch (type) {
      case 'string': {
        const example = STRING_EXAMPLES[name]
        if (example) return example()
        if (field.pattern || field.format) {
          throw new Error(
            `${operation.key}: no example for ${name} (${field.pattern ?? field.format})`,
          )
        }
        return `Matrix ${name}`
      }
      case 'integer':
      case 'number':
        return field.minimum ?? 1
      case 'boolean':
        return false
      case 'array':
        return Array.from({ length: field.minItems ?? 0 }, () => value(name, field.items ?? {}))
      case 'object':
        return object(field)
      default:
        throw new Error(`${operation.key}: cannot make a value of ${name}`)
    }
  }
  const object = (field: JsonSchema) => {
    const out: Record<string, unknown> = {}
    for (const [name, property] of Object.entries(field.properties ?? {})) {
      const slot = operation.slots.find((item) => item.where === 'body' && item.name === name)
      if (slot) {
        const filled = assignment[name]
        if (!filled) throw new Error(`${operation.key}: slot ${name} not filled`)
        out[name] = filled.instance.id
      } else if (field.required?.includes(name)) out[name] = value(name, property)
    }
    return out
  }
  const body = object(schema)
  const validate = ajv.compile(schema)
  if (!validate(body)) {
    throw new Error(
      `${operation.key}: the generated body fails its schema: ${ajv.errorsText(validate.errors)}`,
    )
  }
  return body
}

/** A multipart body with the hostile fields as text parts before the file. */
export const multipartBody = (field: string, extras: Record<string, unknown>) => {
  const upload = UPLOADS[field]
  if (!upload) throw new Error(`No upload for the field ${field}`)
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`
  const text = Object.entries(extras).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  )
  const payload = Buffer.concat([
    Buffer.from(text.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${upload.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    upload.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` }
}
