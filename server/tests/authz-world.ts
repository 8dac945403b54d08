import { getTableName, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { buildPath } from '../../contract/descriptor.ts'
import * as paymentCalls from '../../contract/descriptors/payments.ts'
import * as resourceCalls from '../../contract/descriptors/resources.ts'
import type { Role } from '../../contract/entities.ts'
import { sessionPriceInCents } from '../../contract/rules.ts'
import { hashPassword } from '../src/crypto/passwords.ts'
import type { Database, Executor } from '../src/db/client.ts'
import * as schema from '../src/db/schema.ts'
import type { PayPalFake } from '../src/payments/paypal-fake.ts'
import { cookieFor, DAY, HOUR, MINUTE, PNG_BYTES } from './catalogue-fixtures.ts'
import { bodyOf, PASSWORD, type TestContext } from './helpers.ts'

/**
 * The world the authorisation matrix runs in: one user of every persona, and two "sides", each an
 * educator's paid lesson with its sessions, seats, payments, materials, files and covers, attended
 * by one student. The educator persona and the student persona live on the first side; the other
 * educator and another student on the second. Private values (e-mails, meeting links, materials,
 * payment ids) are canaries: a response that carries one to someone not entitled to it leaks.
 * The whole database is snapshotted once built, and put back after every call that changed it.
 */

export const PERSONAS = [
  'guest',
  'student',
  'unconfirmedStudent',
  'waitingEducator',
  'educator',
  'otherEducator',
  'admin',
] as const
export type PersonaKey = (typeof PERSONAS)[number]

export interface Persona {
  key: PersonaKey
  /** Null for the guest. */
  id: number | null
  role: Role | null
  email: string | null
  cookie: string | null
}

export const SIDES = ['educator', 'otherEducator'] as const
export type Side = (typeof SIDES)[number]

/** Who stands in what relation to an object: what the ownership rules are evaluated on. */
export interface Facts {
  owner?: number
  /** Students holding a seat (in the session; for a lesson, in any of its sessions). */
  seated?: readonly number[]
  /** Students holding a seat in any session of the object's lesson. */
  enrolled?: readonly number[]
  /** Students who attended a session of the lesson that has ended. */
  attended?: readonly number[]
  payer?: number
}

export interface Instance {
  id: number
  facts: Facts
  /** Tells it from the other objects a slot may name (`session in progress`). */
  label?: string
}

/** What a side holds, by the type of object a path parameter or a body field names. */
export interface SideObjects {
  lesson: Instance
  /** A session in progress (its student seated, inside the join window), and one to come. */
  sessions: readonly [Instance, Instance]
  resource: Instance
  /** A file some material is made of (`/files/:fileId`). */
  file: Instance
  /** A file uploaded to the lesson that no material uses yet (a body's `fileId`). */
  spareFile: Instance
  /** A cover the educator uploaded that no lesson shows yet (a body's `imageId`, a file). */
  image: Instance
  /** The student's open payment, approved at the provider. */
  payment: Instance
  /** The educator, as the user a path names. */
  user: Instance
}

/** A private value, and who may see it. */
export interface Canary {
  value: string
  what: string
  readers: (persona: Persona) => boolean
}

/** Every table as rows keyed by primary key, and its text to compare whole. */
export interface Snapshot {
  text: Record<string, string>
  rows: Record<string, Map<string, Row>>
}
type Row = Record<string, unknown>

export interface World {
  personas: Record<PersonaKey, Persona>
  sides: Record<Side, SideObjects>
  category: Instance
  /** A licence of the pool nobody holds. */
  freeLicence: Instance
  /** A user no genuine request names; hostile fields point at it, and no call may give it a stake. */
  bystander: number
  /** The other student, who owns the second side's seats and payments. */
  otherStudent: number
  canaries: Canary[]
  baseline: Snapshot
  /** Stored bytes of the baseline's files, put back with it. */
  storedFiles: { storageKey: string; bytes: Buffer }[]
}

// --- The database as data: snapshot, restore, foreign keys -------------------------------------

/**
 * Kept by the database's triggers alone (the catalogue cache's version, new at every catalogue
 * write and at a truncate): a snapshot neither compares nor restores it.
 */
const DERIVED = new Set(['catalogue_version'])

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable) && !DERIVED.has(getTableName(value)),
)

interface TableInfo {
  name: string
  primaryKey: string
  columns: string[]
  /** Foreign keys: the column and the table it points to. */
  references: { column: string; table: string }[]
}

const TABLES: TableInfo[] = tables.map((table) => {
  const config = getTableConfig(table)
  const primary = config.columns.find((column) => column.primary)
  if (!primary) throw new Error(`Table ${config.name} has no single-column primary key`)
  return {
    name: config.name,
    primaryKey: primary.name,
    columns: config.columns.map((column) => column.name),
    references: config.foreignKeys.map((key) => {
      const reference = key.reference()
      const [column] = reference.columns
      if (!column || reference.columns.length !== 1) {
        throw new Error(`Table ${config.name} has a composite foreign key`)
      }
      return { column: column.name, table: getTableName(reference.foreignTable) }
    }),
  }
})
const tableInfo = new Map(TABLES.map((table) => [table.name, table]))

/** Tables in an order where each comes after those it references (self-references aside). */
const INSERT_ORDER = (() => {
  const ordered: TableInfo[] = []
  const placed = new Set<string>()
  while (ordered.length < TABLES.length) {
    const ready = TABLES.filter(
      (table) =>
        !placed.has(table.name) &&
        table.references.every((ref) => ref.table === table.name || placed.has(ref.table)),
    )
    if (ready.length === 0) throw new Error('The tables reference each other in a cycle')
    for (const table of ready) {
      ordered.push(table)
      placed.add(table.name)
    }
  }
  return ordered
})()

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows

/** A column's value as a key of the rows it may point to (ids are numbers, keys text). */
const keyOf = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value)

/** Every row of every table, in one query. */
export const snapshot = async (db: Database): Promise<Snapshot> => {
  const parts = TABLES.map(
    ({ name, primaryKey }) =>
      sql`${name}::text, (select coalesce(json_agg(t order by t.${sql.identifier(primaryKey)}), '[]'::json) from ${sql.identifier(name)} t)`,
  )
  const [row] = rowsOf(
    await db.execute(sql`select json_build_object(${sql.join(parts, sql`, `)})::text as state`),
  )
  const state = JSON.parse(String(row?.['state'])) as Record<string, Row[]>
  const text: Record<string, string> = {}
  const rows: Record<string, Map<string, Row>> = {}
  for (const { name, primaryKey } of TABLES) {
    const list = state[name] ?? []
    text[name] = JSON.stringify(list)
    rows[name] = new Map(list.map((item) => [keyOf(item[primaryKey]), item]))
  }
  return { text, rows }
}

export const sameState = (a: Snapshot, b: Snapshot) =>
  TABLES.every(({ name }) => a.text[name] === b.text[name])

/** The tables whose rows differ. */
export const changedTables = (a: Snapshot, b: Snapshot) =>
  TABLES.filter(({ name }) => a.text[name] !== b.text[name]).map(({ name }) => name)

let sequenceCache: Promise<{ name: string; primaryKey: string; sequence: string }[]> | undefined

/** The sequence behind each identity primary key (looked up once). */
const identitySequences = (db: Executor) =>
  (sequenceCache ??= (async () => {
    const found = []
    for (const { name, primaryKey } of TABLES) {
      const [row] = rowsOf(
        await db.execute(sql`select pg_get_serial_sequence(${name}, ${primaryKey}) as sequence`),
      )
      const sequence = row?.['sequence']
      if (typeof sequence === 'string') found.push({ name, primaryKey, sequence })
    }
    return found
  })())

let triggeredCache: Promise<string[]> | undefined

/** The tables with triggers of our own (counts kept as data, the catalogue's version). */
const tablesWithTriggers = (db: Executor) =>
  (triggeredCache ??= (async () =>
    rowsOf(
      await db.execute(
        sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace
            where not t.tgisinternal and n.nspname = current_schema()`,
      ),
    ).map((row) => String(row['name'])))())

/**
 * Writes rows back as data: the tables' own triggers are off meanwhile (the snapshot already holds
 * the counts they keep; firing them again would count twice), foreign keys and their cascades
 * stay on. The catalogue then gets a new version, so the app's cache reads it again.
 */
const asData = async (tx: Executor, write: () => Promise<void>) => {
  const triggered = await tablesWithTriggers(tx)
  // One table after the other: a transaction's connection runs one statement at a time.
  const alterAll = async (action: 'disable' | 'enable') => {
    for (const name of triggered) {
      await tx.execute(sql`alter table ${sql.identifier(name)} ${sql.raw(action)} trigger user`)
    }
  }
  await alterAll('disable')
  await write()
  await alterAll('enable')
  await tx.execute(sql`update catalogue_version set version = nextval('catalogue_version_seq')`)
}

/**
 * Puts the database back as the snapshot has it, ids included, and the identity sequences past
 * them; the stored bytes of its files too (a call may have removed them).
 */
export const restore = async (app: FastifyInstance, db: Database, world: World) => {
  const { baseline } = world
  await db.transaction((tx) =>
    asData(tx, async () => {
      await tx.execute(
        sql`truncate ${sql.join(
          TABLES.map(({ name }) => sql.identifier(name)),
          sql`, `,
        )}`,
      )
      for (const { name } of INSERT_ORDER) {
        const json = baseline.text[name] ?? '[]'
        if (json === '[]') continue
        await tx.execute(
          sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`,
        )
      }
      const sequences = await identitySequences(tx)
      if (sequences.length > 0) {
        await tx.execute(
          sql`select ${sql.join(
            sequences.map(
              ({ name, primaryKey, sequence }) =>
                sql`setval(${sequence}, (select coalesce(max(${sql.identifier(primaryKey)}), 0) + 1 from ${sql.identifier(name)}), false)`,
            ),
            sql`, `,
          )}`,
        )
      }
    }),
  )
  for (const file of world.storedFiles) await app.storage.put(file.storageKey, file.bytes)
}

/**
 * Undoes what one call did, row by row and only in the tables it changed (`current` is the state
 * it left): rows it added go, those pointing at others first (a cascade or set-null they trigger
 * only reaches rows of tables that changed too), then the baseline's rows it changed or removed
 * come back, those pointed at first.
 */
export const revert = async (
  app: FastifyInstance,
  db: Database,
  world: World,
  current: Snapshot,
) => {
  const { baseline } = world
  const changed = new Set(changedTables(baseline, current))
  if (changed.size === 0) return
  await db.transaction((tx) =>
    asData(tx, async () => {
      for (const { name, primaryKey } of [...INSERT_ORDER].reverse()) {
        if (!changed.has(name)) continue
        const added = [...(current.rows[name]?.keys() ?? [])].filter(
          (key) => !baseline.rows[name]?.has(key),
        )
        if (added.length === 0) continue
        await tx.execute(
          sql`delete from ${sql.identifier(name)} where ${sql.identifier(primaryKey)}::text in (${sql.join(
            added.map((key) => sql`${key}`),
            sql`, `,
          )})`,
        )
      }
      for (const { name, primaryKey, columns } of INSERT_ORDER) {
        if (!changed.has(name)) continue
        const now = current.rows[name]
        const lost = [...(baseline.rows[name]?.entries() ?? [])]
          .filter(([key, row]) => JSON.stringify(now?.get(key)) !== JSON.stringify(row))
          .map(([, row]) => row)
        if (lost.length === 0) continue
        await tx.execute(
          sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(lost)}::json) on conflict (${sql.identifier(primaryKey)}) do update set ${sql.join(
            columns.map(
              (column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`,
            ),
            sql`, `,
          )}`,
        )
      }
    }),
  )
  if (changed.has('files')) {
    for (const file of world.storedFiles) await app.storage.put(file.storageKey, file.bytes)
  }
  const left = changedTables(baseline, await snapshot(db))
  if (left.length > 0) throw new Error(`Undoing a call left ${left.join(', ')} changed`)
}

// --- Who has a stake in a row ------------------------------------------------------------------

/** The users' ids a row belongs to or concerns, following its foreign keys one step. */
const stakeholders = (table: string, row: Row, state: Snapshot): Set<number> => {
  const ids = new Set<number>()
  const info = tableInfo.get(table)
  if (!info) return ids
  if (table === 'users') ids.add(Number(row[info.primaryKey]))
  for (const reference of info.references) {
    const value = row[reference.column]
    if (value === null || value === undefined) continue
    if (reference.table === 'users') {
      ids.add(Number(value))
      continue
    }
    const target = state.rows[reference.table]?.get(keyOf(value))
    const targetInfo = tableInfo.get(reference.table)
    if (!target || !targetInfo) continue
    for (const second of targetInfo.references) {
      if (second.table === 'users' && target[second.column] != null) {
        ids.add(Number(target[second.column]))
      }
    }
  }
  // A row users point at (a pool licence) concerns the users holding it.
  const users = tableInfo.get('users')
  for (const reference of users?.references ?? []) {
    if (reference.table !== table || table === 'users') continue
    for (const user of state.rows['users']?.values() ?? []) {
      if (keyOf(user[reference.column]) === keyOf(row[info.primaryKey])) ids.add(Number(user.id))
    }
  }
  return ids
}

/** Hostile values a request body carries beside the fields its schema has (mass assignment). */
export const HOSTILE_CENTS = 7
export const HOSTILE_TEXT = 'HOSTILE'

export const hostileFields = (world: World): Record<string, unknown> => {
  const instant = new Date().toISOString()
  const victim = world.bystander
  return {
    id: victim,
    role: 'admin',
    isAdmin: true,
    isValidated: true,
    approved: true,
    approvedAt: instant,
    isEmailConfirmed: true,
    emailConfirmed: true,
    emailConfirmedAt: instant,
    ownerId: victim,
    educatorId: victim,
    userId: victim,
    authorId: victim,
    holderId: victim,
    price: HOSTILE_CENTS,
    priceInCents: HOSTILE_CENTS,
    price_in_cents: HOSTILE_CENTS,
    fullPrice: HOSTILE_CENTS,
    paidPrice: HOSTILE_CENTS,
    amount: HOSTILE_CENTS,
    amountInCents: HOSTILE_CENTS,
    status: 'success',
    transactionId: `${HOSTILE_TEXT}-transaction`,
    orderId: `${HOSTILE_TEXT}-order`,
  }
}

/**
 * Columns the database's triggers keep from other rows (an educator's rating from the reviews of
 * their lessons, a lesson's session count): a call changes them through those rows, whose owner
 * the checks judge, never directly.
 */
const DERIVED_COLUMNS: Record<string, readonly string[]> = {
  users: ['rating_total', 'rating_count'],
  lessons: ['session_count'],
}

const sameApartFromDerived = (table: string, old: Row, row: Row) => {
  const derived = DERIVED_COLUMNS[table] ?? []
  const rest = (value: Row) =>
    JSON.stringify(Object.entries(value).filter(([column]) => !derived.includes(column)))
  return rest(old) === rest(row)
}

export interface ChangeContext {
  caller: Persona
  /** The call is for admins only: an admin acts on other people's accounts by design. */
  adminOnly: boolean
  bystander: number
}

/**
 * What a call did to the database that no call may do: give a role or an approval, confirm an
 * address, touch rows that concern neither the caller nor anyone new, hand a row to the
 * bystander, store a hostile value, a payment amount other than its session's price, a success
 * without a capture, or a seat in a paid session without a payment.
 */
export const stateViolations = (
  before: Snapshot,
  after: Snapshot,
  { caller, adminOnly, bystander }: ChangeContext,
): string[] => {
  const problems: string[] = []
  const newUsers = new Set(
    [...(after.rows['users']?.keys() ?? [])]
      .filter((id) => !before.rows['users']?.has(id))
      .map(Number),
  )
  const me = caller.id
  for (const table of changedTables(before, after)) {
    const was = before.rows[table] ?? new Map<string, Row>()
    const now = after.rows[table] ?? new Map<string, Row>()
    const keys = new Set([...was.keys(), ...now.keys()])
    for (const key of keys) {
      const old = was.get(key)
      const row = now.get(key)
      if (old && row && sameApartFromDerived(table, old, row)) continue
      const label = `${table} #${key}`
      const staked = new Set([
        ...(old ? stakeholders(table, old, before) : []),
        ...(row ? stakeholders(table, row, after) : []),
      ])
      const gained = row
        ? [...stakeholders(table, row, after)].filter(
            (id) => !(old ? stakeholders(table, old, before) : new Set<number>()).has(id),
          )
        : []
      if (gained.includes(bystander)) problems.push(`${label} now concerns the bystander`)
      if (!adminOnly && staked.size > 0) {
        const mine = me !== null && staked.has(me)
        const fresh = [...staked].every((id) => newUsers.has(id))
        if (!mine && !fresh) {
          problems.push(
            `${label} ${old ? (row ? 'changed' : 'deleted') : 'created'}: not the caller's`,
          )
        }
        const strangers = gained.filter((id) => id !== me && !newUsers.has(id))
        if (old && strangers.length > 0) {
          problems.push(`${label} now concerns users ${strangers.join(', ')}`)
        }
      }
      if (!row) continue
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && value.includes(HOSTILE_TEXT)) {
          problems.push(`${label}.${column} holds a hostile value`)
        }
        if (/price|amount|cents/.test(column) && value === HOSTILE_CENTS) {
          problems.push(`${label}.${column} holds the hostile amount`)
        }
      }
      if (table === 'users') {
        if (!old) {
          if (row.role === 'admin' || row.approved_at !== null || row.email_confirmed_at !== null) {
            problems.push(`${label} was created with privileges`)
          }
        } else {
          if (row.role !== old.role) problems.push(`${label} changed role to ${keyOf(row.role)}`)
          if (old.email_confirmed_at === null && row.email_confirmed_at !== null) {
            problems.push(`${label} had its address confirmed`)
          }
          if (old.approved_at === null && row.approved_at !== null && !adminOnly) {
            problems.push(`${label} was approved by a call that is not an admin's`)
          }
        }
      }
      if (table === 'payments') problems.push(...paymentProblems(label, row, after))
      if (table === 'enrollments' && !old) problems.push(...seatProblems(label, row, after))
    }
  }
  return problems
}

const paymentProblems = (label: string, payment: Row, state: Snapshot) => {
  const problems: string[] = []
  const lesson = state.rows['lessons']?.get(keyOf(payment.lesson_id))
  const session = state.rows['lesson_sessions']?.get(keyOf(payment.session_id))
  if (lesson && session) {
    const price = sessionPriceInCents(
      Number(lesson.price_in_cents),
      keyOf(session.start_time),
      keyOf(session.end_time),
    )
    if (payment.amount_in_cents !== price) {
      problems.push(`${label} is for ${keyOf(payment.amount_in_cents)} cents, not ${price}`)
    }
  }
  if (payment.status === 'success' && payment.transaction_id === null) {
    problems.push(`${label} is a success without a capture`)
  }
  return problems
}

const seatProblems = (label: string, seat: Row, state: Snapshot) => {
  const session = state.rows['lesson_sessions']?.get(keyOf(seat.session_id))
  const lesson = session && state.rows['lessons']?.get(keyOf(session.lesson_id))
  if (!lesson || Number(lesson.price_in_cents) === 0) return []
  const payment =
    seat.payment_id === null ? undefined : state.rows['payments']?.get(keyOf(seat.payment_id))
  return payment?.status === 'success' && payment.transaction_id !== null
    ? []
    : [`${label} is a seat in a paid session without a captured payment`]
}

// --- Building the world -------------------------------------------------------------------------

const single = <T>(rows: T[]): T => {
  const [row] = rows
  if (row === undefined) throw new Error('Row was not created')
  return row
}

export const LESSON_PRICE_CENTS = 2500

/** Builds the world through the database (and one real payment order), then snapshots it. */
export const buildWorld = async (context: TestContext, fake: PayPalFake): Promise<World> => {
  const { db, app } = context
  const now = Date.now()
  // Canary marks are of one width, so none is a part of another.
  let marks = 0
  const mark = () => {
    marks += 1
    return `canary${String(marks).padStart(3, '0')}`
  }
  const passwordHash = await hashPassword(PASSWORD)
  const canaries: Canary[] = []
  const storedFiles: World['storedFiles'] = []
  const category = single(
    await db
      .insert(schema.categories)
      .values({ title: 'Matrix category', titleJp: 'マトリックス' })
      .returning(),
  )
  const licence = async (name: string) =>
    single(
      await db
        .insert(schema.videoLicences)
        .values({ provider: 'zoom', accountEmail: `${name}.${mark()}@pool.example` })
        .returning(),
    )
  const licences = {
    educator: await licence('licence-educator'),
    otherEducator: await licence('licence-other'),
    free: await licence('licence-free'),
  }
  const user = async (name: string, values: Partial<typeof schema.users.$inferInsert>) =>
    single(
      await db
        .insert(schema.users)
        .values({
          name: `Matrix ${name}`,
          email: `${name}.${mark()}@test.example`,
          passwordHash,
          role: 'student',
          emailConfirmedAt: new Date(now - 10 * DAY),
          ...values,
        })
        .returning(),
    )
  const approved = new Date(now - 5 * DAY)
  const users = {
    student: await user('student', {}),
    unconfirmedStudent: await user('unconfirmed', { emailConfirmedAt: null }),
    waitingEducator: await user('waiting', { role: 'educator' }),
    educator: await user('educator', {
      role: 'educator',
      approvedAt: approved,
      videoLicenceId: licences.educator.id,
    }),
    otherEducator: await user('other-educator', {
      role: 'educator',
      approvedAt: approved,
      videoLicenceId: licences.otherEducator.id,
    }),
    admin: await user('admin', { role: 'admin' }),
    otherStudent: await user('other-student', {}),
    bystander: await user('bystander', {}),
  }
  const personas = {
    guest: { key: 'guest', id: null, role: null, email: null, cookie: null },
  } as Record<PersonaKey, Persona>
  for (const key of PERSONAS) {
    if (key === 'guest') continue
    const row = users[key]
    personas[key] = {
      key,
      id: row.id,
      role: row.role,
      email: row.email,
      cookie: await cookieFor(db, row),
    }
  }
  for (const row of Object.values(users)) {
    canaries.push({
      value: row.email,
      what: `${row.name}'s e-mail`,
      readers: (persona) => persona.id === row.id || persona.role === 'admin',
    })
  }
  for (const [holder, row] of [
    [users.educator.id, licences.educator],
    [users.otherEducator.id, licences.otherEducator],
  ] as const) {
    canaries.push({
      value: row.accountEmail,
      what: 'a licence account',
      readers: (persona) => persona.id === holder || persona.role === 'admin',
    })
  }

  const file = async (
    owner: number,
    lessonId: number | null,
    kind: 'image' | 'material',
    name: string,
  ) => {
    const content = mark()
    const bytes =
      kind === 'image' ? PNG_BYTES : Buffer.from(`%PDF-1.4 ${content}\n%%EOF\n`, 'latin1')
    const storageKey = `matrix-${name}-${now}`
    await app.storage.put(storageKey, bytes)
    storedFiles.push({ storageKey, bytes })
    const row = single(
      await db
        .insert(schema.files)
        .values({
          ownerId: owner,
          kind,
          lessonId,
          filename: kind === 'image' ? `${name}.png` : `${name}.pdf`,
          mimeType: kind === 'image' ? 'image/png' : 'application/pdf',
          size: bytes.length,
          storageKey,
        })
        .returning(),
    )
    return { ...row, content }
  }

  const side = async (
    name: Side,
    educator: typeof users.educator,
    student: typeof users.student,
  ): Promise<SideObjects> => {
    const cover = await file(educator.id, null, 'image', `${name}-cover`)
    const spareImage = await file(educator.id, null, 'image', `${name}-spare-cover`)
    const lesson = single(
      await db
        .insert(schema.lessons)
        .values({
          ownerId: educator.id,
          categoryId: category.id,
          title: `Matrix lesson of ${name}`,
          about: 'About',
          details: 'Details',
          priceInCents: LESSON_PRICE_CENTS,
          minSlots: 1,
          maxSlots: 5,
          imageId: cover.id,
        })
        .returning(),
    )
    const session = async (label: string, startsIn: number) =>
      single(
        await db
          .insert(schema.lessonSessions)
          .values({
            lessonId: lesson.id,
            ownerId: educator.id,
            startTime: new Date(now + startsIn),
            endTime: new Date(now + startsIn + HOUR),
            timezone: 'Asia/Tokyo',
            url: `https://zoom.us/j/100200300?pwd=${label}-${mark()}`,
          })
          .returning(),
      )
    const live = await session('live', -2 * MINUTE)
    const future = await session('future', 2 * DAY)
    const later = await session('later', 3 * DAY)
    const past = await session('past', -2 * DAY)
    const seatedInFuture = name === 'otherEducator' ? [student.id] : []
    const seatedIn = new Set([live, past, ...(seatedInFuture.length > 0 ? [future] : [])])
    for (const row of [live, future, later, past]) {
      canaries.push({
        value: row.url,
        what: `the meeting link of ${name}'s session`,
        readers: (persona) =>
          persona.id === educator.id || (persona.id === student.id && seatedIn.has(row)),
      })
    }
    const livePayment = single(
      await db
        .insert(schema.payments)
        .values({
          userId: student.id,
          lessonId: lesson.id,
          sessionId: live.id,
          orderId: `ORDER-${mark()}`,
          transactionId: `CAPTURE-${mark()}`,
          status: 'success',
          amountInCents: LESSON_PRICE_CENTS,
        })
        .returning(),
    )
    await db
      .insert(schema.enrollments)
      .values([
        { sessionId: live.id, userId: student.id, paymentId: livePayment.id },
        { sessionId: past.id, userId: student.id, paymentId: null },
        ...seatedInFuture.map((userId) => ({ sessionId: future.id, userId, paymentId: null })),
      ])
    const readsMaterials = (persona: Persona) =>
      persona.role === 'admin' || persona.id === educator.id || persona.id === student.id
    for (const value of [livePayment.orderId, livePayment.transactionId]) {
      canaries.push({
        value: String(value),
        what: `${name}'s student's payment`,
        readers: (persona) => persona.id === student.id || persona.role === 'admin',
      })
    }
    const link = single(
      await db
        .insert(schema.resources)
        .values({
          lessonId: lesson.id,
          title: `Link ${mark()}`,
          type: 'link',
          url: `https://example.com/${mark()}`,
          description: `Notes ${mark()}`,
        })
        .returning(),
    )
    const usedFile = await file(educator.id, lesson.id, 'material', `notes-${mark()}`)
    const spareFile = await file(educator.id, lesson.id, 'material', `notes-${mark()}`)
    const document = single(
      await db
        .insert(schema.resources)
        .values({
          lessonId: lesson.id,
          title: `Document ${mark()}`,
          type: 'document',
          url: buildPath(resourceCalls.downloadFile.path, { fileId: usedFile.id }),
          description: '',
          fileId: usedFile.id,
        })
        .returning(),
    )
    for (const value of [
      link.url,
      link.title,
      link.description,
      document.title,
      usedFile.filename,
      spareFile.filename,
      usedFile.content,
      spareFile.content,
    ]) {
      canaries.push({ value, what: `${name}'s materials`, readers: readsMaterials })
    }
    if (name === 'otherEducator') {
      await db
        .insert(schema.reviews)
        .values({ lessonId: lesson.id, authorId: student.id, body: 'Fine', rating: 4 })
    }
    // The student's open payment for the later session: on the first side a real order the
    // provider's buyer approved, so capturing it goes all the way.
    let payment: { id: number; orderId: string | null }
    if (name === 'educator') {
      payment = bodyOf(
        await context.call(paymentCalls.createOrder, {
          body: { lessonId: lesson.id, sessionId: later.id },
          cookie: personas.student.cookie,
        }),
      )
      if (!payment.orderId) throw new Error('The open payment has no order')
      fake.approve(payment.orderId)
    } else {
      payment = single(
        await db
          .insert(schema.payments)
          .values({
            userId: student.id,
            lessonId: lesson.id,
            sessionId: later.id,
            orderId: `ORDER-${mark()}`,
            status: 'processing',
            amountInCents: LESSON_PRICE_CENTS,
            holdExpiresAt: new Date(now + DAY),
          })
          .returning(),
      )
    }
    canaries.push({
      value: String(payment.orderId),
      what: `${name}'s student's open payment`,
      readers: (persona) => persona.id === student.id || persona.role === 'admin',
    })
    const enrolled = [student.id]
    return {
      lesson: {
        id: lesson.id,
        facts: { owner: educator.id, seated: enrolled, enrolled, attended: [student.id] },
      },
      sessions: [
        {
          id: live.id,
          facts: { owner: educator.id, seated: [student.id], enrolled },
          label: 'session in progress',
        },
        {
          id: future.id,
          facts: { owner: educator.id, seated: seatedInFuture, enrolled },
          label: 'session to come',
        },
      ],
      resource: { id: document.id, facts: { owner: educator.id, enrolled } },
      file: {
        id: usedFile.id,
        facts: { owner: educator.id, enrolled },
        label: "a material's file",
      },
      spareFile: { id: spareFile.id, facts: { owner: educator.id, enrolled } },
      image: { id: spareImage.id, facts: { owner: educator.id }, label: 'a cover on no lesson' },
      payment: { id: payment.id, facts: { payer: student.id } },
      user: { id: educator.id, facts: {} },
    }
  }

  const sides = {
    educator: await side('educator', users.educator, users.student),
    otherEducator: await side('otherEducator', users.otherEducator, users.otherStudent),
  }
  for (const row of await db.select().from(schema.authSessions)) {
    canaries.push({ value: row.tokenHash, what: 'a session token hash', readers: () => false })
  }
  canaries.push({ value: passwordHash, what: 'a password hash', readers: () => false })

  const world: World = {
    personas,
    sides,
    category: { id: category.id, facts: {} },
    freeLicence: { id: licences.free.id, facts: {} },
    bystander: users.bystander.id,
    otherStudent: users.otherStudent.id,
    canaries,
    baseline: await snapshot(db),
    storedFiles,
  }
  return world
}
