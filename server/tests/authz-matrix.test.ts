import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildPath } from '../../contract/descriptor.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { API_PREFIX } from '../src/app.ts'
import { authSessions } from '../src/db/schema.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import {
  bodyRelation,
  casesOf,
  holds,
  jsonBody,
  multipartBody,
  type OpenApiDocument,
  type Operation,
  pathRelation,
  readOperations,
  type Case,
} from './authz-requests.ts'
import {
  buildWorld,
  hostileFields,
  type Persona,
  type PersonaKey,
  PERSONAS,
  restore,
  revert,
  changedTables,
  snapshot,
  stateViolations,
  type World,
} from './authz-world.ts'
import { PASSWORD, queryString } from './helpers.ts'
import { setupPaymentsApp } from './payment-fixtures.ts'

/**
 * The authorisation matrix: every operation of the OpenAPI document × every persona (guest,
 * student, unconfirmed student, educator awaiting approval, approved educator, another educator,
 * admin), on the persona's own objects and other people's, every body carrying hostile extra
 * fields. Expectations come from the access each operation declares in the document and the
 * ownership rules of authz-requests.ts, so a new operation is checked without being listed:
 *
 * - public calls answer every persona as they answer a guest;
 * - a guest gets 401 on every call that is not public, and so does an unconfirmed student even
 *   holding a session (such an account cannot sign in);
 * - a role the call does not admit gets 403, and so does an educator awaiting approval on calls
 *   for approved accounts only;
 * - otherwise a call on objects the persona may act on never answers 401 or 403, and a call on
 *   someone else's object answers 403 or 404 (400 also for an object named in the body);
 * - nothing answers 5xx; a refused call changes nothing; no call changes rows that concern
 *   neither the caller nor a new account, gives a role, an approval or a stake to anyone, stores
 *   a hostile value or pays a price other than the session's; no answer carries a private value
 *   (e-mail, meeting link, material, payment id, hash) to someone not entitled to it.
 */

const { context, fake } = setupPaymentsApp()

/** Answers that refuse: the database must be as it was. (409 may cancel what it refused.) */
const REFUSALS = new Set([400, 401, 402, 403, 404, 413, 415])
/** Refused attempts are counted on purpose: the rate limits' counters may change on any answer. */
const COUNTERS = new Set(['rate_limit_counters'])

let world: World
let operations: Operation[] = []
let documentProblems: string[] = []
let document: OpenApiDocument

interface Result {
  operation: string
  persona: PersonaKey
  label: string
  status: number
  /** The persona's role and approval admit it and it may act on every object named. */
  entitled: boolean
}
const results: Result[] = []

beforeAll(async () => {
  const response = await context.callPath({ method: 'GET', url: '/docs/json' })
  document = response.json<OpenApiDocument>()
  ;({ operations, problems: documentProblems } = readOperations(document, API_PREFIX))
  world = await buildWorld(context, fake)
}, 60_000)

beforeEach(async () => {
  // The shared set-up empties every table after each test.
  await restore(context.app, context.db, world)
})

/** The answer the auth hook gives before any handler runs, from the declared access. */
const hookAnswer = (operation: Operation, persona: Persona) => {
  if (operation.access === 'public') return null
  if (persona.key === 'guest' || persona.key === 'unconfirmedStudent') return { status: 401 }
  if (operation.access !== 'user' && !(persona.role && operation.access.includes(persona.role))) {
    return { status: 403 }
  }
  if (operation.approvedOnly && persona.key === 'waitingEducator') {
    return { status: 403, message: MESSAGES.accounts.notApproved.text }
  }
  return null
}

/** Which slots the persona may not act on, by the ownership rules. */
const foreignSlots = (operation: Operation, persona: Persona, kase: Case) => {
  const path = pathRelation(operation)
  return operation.slots.filter((slot) => {
    const filled = kase.assignment[slot.name]
    if (!filled) throw new Error(`${operation.key}: slot ${slot.name} not filled`)
    const relation = slot.where === 'path' ? path : bodyRelation(operation, slot)
    return !holds(relation, filled.instance.facts, persona)
  })
}

/**
 * Query parameters no operation declares, naming someone else's account: a handler that read
 * them would hand over that account's data (the canaries would show it).
 */
const hostileQuery = (operation: Operation, persona: Persona) => {
  const educator = persona.key === 'otherEducator' ? 'educator' : 'otherEducator'
  const values: Record<string, number | null> = {
    userId: world.otherStudent,
    studentId: world.otherStudent,
    authorId: world.otherStudent,
    ownerId: world.personas[educator].id,
    educatorId: world.personas[educator].id,
  }
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => !operation.query.includes(name)),
  )
}

/** Variants sending a hostile value in a field the body declares (a role on registration). */
const overrides = (operation: Operation, cases: Case[]): Case[] => {
  const [first] = cases
  if (operation.body?.kind !== 'json' || !first) return []
  const declared = Object.keys(operation.body.schema.properties ?? {})
  return Object.entries(hostileFields(world))
    .filter(([name, value]) => typeof value === 'string' && declared.includes(name))
    .map(([name, value]) => ({
      ...first,
      label: `${first.label}, hostile ${name}`,
      override: { [name]: value },
    }))
}

const requestOf = (operation: Operation, persona: Persona, kase: Case) => {
  const params = Object.fromEntries(
    operation.slots
      .filter((slot) => slot.where === 'path')
      .map((slot) => [slot.name, kase.assignment[slot.name]?.instance.id ?? 0]),
  )
  const hostile = hostileFields(world)
  let payload: string | Buffer | undefined
  const headers: Record<string, string> = {}
  if (operation.body?.kind === 'multipart') {
    const body = multipartBody(operation.body.field, hostile)
    payload = body.payload
    headers['content-type'] = body.contentType
  } else if (operation.body?.kind === 'json') {
    const known = new Set(Object.keys(operation.body.schema.properties ?? {}))
    const extras = Object.fromEntries(Object.entries(hostile).filter(([name]) => !known.has(name)))
    payload = JSON.stringify({
      ...extras,
      ...jsonBody(operation, operation.body.schema, kase.assignment),
      ...kase.override,
    })
    headers['content-type'] = 'application/json'
  } else if (operation.method !== 'GET') {
    payload = JSON.stringify(hostile)
    headers['content-type'] = 'application/json'
  }
  const url = `${buildPath(operation.path, params)}${queryString(hostileQuery(operation, persona))}`
  return { url, payload, headers }
}

/** Sends one request of the matrix; the database is put back as it was if the call changed it. */
const send = async (operation: Operation, persona: Persona, kase: Case) => {
  const request = requestOf(operation, persona, kase)
  const response = await context.callPath({
    method: operation.method,
    url: request.url,
    cookie: persona.cookie,
    body: request.payload,
    headers: request.headers,
  })
  const after = await snapshot(context.db)
  await revert(context.app, context.db, world, after)
  return { response, after }
}

const guestStatuses = new Map<string, number>()

/** What a guest is answered for the same request (sent once, when first needed). */
const guestStatus = async (operation: Operation, kase: Case) => {
  const key = `${operation.key}|${kase.label}`
  let status = guestStatuses.get(key)
  if (status === undefined) {
    status = (await send(operation, world.personas.guest, kase)).response.statusCode
    guestStatuses.set(key, status)
  }
  return status
}

/** Runs one persona's row of the matrix; answers every failed expectation. */
const runPersona = async (key: PersonaKey) => {
  const persona = world.personas[key]
  const failures: string[] = []
  for (const operation of operations) {
    const hook = hookAnswer(operation, persona)
    const cases = casesOf(operation, world, hook === null)
    for (const kase of [...cases, ...(hook ? [] : overrides(operation, cases))]) {
      const where = `${operation.key} as ${key} (${kase.label})`
      const fail = (problem: string) => failures.push(`${where}: ${problem}`)
      const { response, after } = await send(operation, persona, kase)
      const status = response.statusCode
      const foreign = hook ? [] : foreignSlots(operation, persona, kase)
      results.push({
        operation: operation.key,
        persona: key,
        label: kase.label,
        status,
        entitled: !hook && foreign.length === 0,
      })
      const answer = `answered ${status}: ${response.body.slice(0, 200)}`
      if (status >= 500) fail(answer)
      if (hook) {
        if (status !== hook.status) fail(`expected ${hook.status}, ${answer}`)
        else if (hook.message && response.json<{ message: unknown }>().message !== hook.message) {
          fail(`expected the message "${hook.message}", ${answer}`)
        }
      } else if (operation.access === 'public') {
        // Public calls answer everyone as they answer a guest (a login with a wrong password is
        // a 401 for all).
        if (key === 'guest') guestStatuses.set(`${operation.key}|${kase.label}`, status)
        else {
          const asGuest = await guestStatus(operation, kase)
          if (status !== asGuest) fail(`a guest got ${asGuest}, ${answer}`)
        }
      } else if (foreign.length === 0) {
        if (status === 401 || status === 403) fail(`entitled, but ${answer}`)
      } else {
        const inPath = foreign.some((slot) => slot.where === 'path')
        const allowed = inPath ? [403, 404] : [400, 403, 404]
        if (!allowed.includes(status)) {
          fail(
            `acts on others' ${foreign.map((slot) => slot.name).join(', ')}: expected ${allowed.join(' or ')}, ${answer}`,
          )
        }
      }
      const changed = changedTables(world.baseline, after).filter((t) => !COUNTERS.has(t))
      if (REFUSALS.has(status) && changed.length > 0) {
        fail(`refused with ${status} but changed ${changed.join(', ')}`)
      }
      for (const problem of stateViolations(world.baseline, after, {
        caller: persona,
        adminOnly:
          Array.isArray(operation.access) && operation.access.every((role) => role === 'admin'),
        bystander: world.bystander,
      })) {
        fail(problem)
      }
      const seen = `${response.body}\n${JSON.stringify(response.headers)}`
      for (const canary of world.canaries) {
        if (!canary.readers(persona) && seen.includes(canary.value)) {
          fail(`leaks ${canary.what}`)
        }
      }
    }
  }
  return failures
}

describe('the authorisation matrix', () => {
  it('reads every operation and its declared access from the OpenAPI document', () => {
    expect(documentProblems).toEqual([])
    expect(operations.length).toBeGreaterThan(40)
    for (const operation of operations) {
      const spec = document.paths[`${API_PREFIX}${operation.path.replace(/:(\w+)/g, '{$1}')}`]
      const security = (spec?.[operation.method.toLowerCase()] as { security?: unknown })?.security
      expect(security, operation.key).toEqual(
        operation.access === 'public' ? undefined : [{ session: [] }],
      )
    }
  })

  it('has every call that changes an educator’s lessons, sessions, materials or licence wait for approval (§6)', () => {
    const educatorWrites = operations.filter(
      (operation) =>
        operation.method !== 'GET' &&
        Array.isArray(operation.access) &&
        operation.access.length === 1 &&
        operation.access[0] === 'educator',
    )
    expect(educatorWrites.length).toBeGreaterThan(0)
    expect(
      educatorWrites.filter((operation) => !operation.approvedOnly).map((op) => op.key),
    ).toEqual([])
  })

  it('lets admins alone reactivate an account deactivated by the earnings rule (§9)', () => {
    const reactivate = operations.find(
      (operation) => operation.method === 'POST' && operation.path.endsWith('/reactivate'),
    )
    expect(reactivate?.access).toEqual(['admin'])
    expect(reactivate?.slots.map((slot) => slot.type)).toEqual(['user'])
  })

  it('does not let an unconfirmed student sign in', async () => {
    const student = world.personas.unconfirmedStudent
    const sessionsBefore = await context.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, student.id ?? 0))
    const response = await context.call(auth.login, {
      body: { email: student.email ?? '', password: PASSWORD },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ message: MESSAGES.accounts.emailNotConfirmed.text })
    expect([response.cookies].flat().map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)
    const sessionsAfter = await context.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, student.id ?? 0))
    expect(sessionsAfter).toEqual(sessionsBefore)
  })

  it.each(PERSONAS.map((key) => [key]))(
    'holds for the %s on every operation',
    async (key) => {
      expect(await runPersona(key)).toEqual([])
    },
    180_000,
  )

  it('has every non-public operation open to some persona on some object', () => {
    const reachable = new Set(results.filter((result) => result.entitled).map((r) => r.operation))
    const closed = operations
      .filter((operation) => operation.access !== 'public' && !reachable.has(operation.key))
      .map((operation) => operation.key)
    expect(closed).toEqual([])
  })
})

afterAll(() => {
  const pairs = new Set(results.map((result) => `${result.operation}|${result.persona}`))
  const succeeded = results.filter((result) => result.status < 300).length
  console.info(
    `Authorisation matrix: ${operations.length} operations × ${PERSONAS.length} personas = ` +
      `${operations.length * PERSONAS.length} pairs (${pairs.size} run), ${results.length} requests, ` +
      `${results.filter((result) => result.entitled).length} entitled, ${succeeded} answered 2xx`,
  )
})
