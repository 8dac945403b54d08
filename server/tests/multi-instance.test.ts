import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, isNull, like, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPath, type Descriptor } from '../../contract/descriptor.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import * as user from '../../contract/descriptors/user.ts'
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts'
import { enrollments, outbox, users, videoLicences, waitlistEntries } from '../src/db/schema.ts'
import {
  cookieFor,
  createLesson,
  createSession,
  DAY,
  HOUR,
  MINUTE,
  multipartFile,
} from './catalogue-fixtures.ts'
import { createUser, PASSWORD } from './helpers.ts'
import { PDF } from './material-files.ts'
import { createStudents } from './payment-fixtures.ts'
import { serverArguments } from './built-server.ts'

/**
 * Three instances of the real server on one PostgreSQL database, as behind a load balancer:
 * requests go round-robin, and nothing one instance knows may be missing on another.
 */
const serverUrl = process.env.DATABASE_URL
const ORIGIN = 'http://manabi.test'
const LIMIT = 5
const children: ChildProcess[] = []
let origins: string[] = []
let database: DatabaseHandle | undefined
let databaseName = ''
let dataDir = ''

const startInstance = (url: string, index: number) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, serverArguments(), {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PAYPAL_STANDIN: 'true',
        DATABASE_URL: url,
        FILE_STORAGE: 'database',
        DATA_DIR: join(dataDir, `instance-${index}`),
        HOST: '127.0.0.1',
        PORT: '0',
        APP_ORIGIN: ORIGIN,
        // The test plays the load balancer: its X-Forwarded-For names the client.
        TRUST_PROXY: 'loopback',
        AUTH_RATE_LIMIT: String(LIMIT),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    const timer = setTimeout(
      () => reject(new Error(`Instance ${index} did not start:\n${output}`)),
      120_000,
    )
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (?:[^;]*?, )?(127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(`http://${match[1]}`)
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`Instance ${index} ended (${code}):\n${output}`)))
  })

beforeAll(async () => {
  if (!serverUrl) return
  dataDir = await mkdtemp(join(tmpdir(), 'manabi-instances-'))
  databaseName = `manabi_instances_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${databaseName}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${databaseName}`
  // All three start at once on the empty database: the migrations must run exactly once.
  origins = await Promise.all([0, 1, 2].map((index) => startInstance(url.toString(), index)))
  database = await openDatabase({ url: url.toString() })
}, 180_000)

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode === null ? child.once('exit', resolve) : resolve(0),
        ),
    ),
  )
  await database?.close()
  if (databaseName && serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
    await admin.end()
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

let turn = 0
/** The next instance, round-robin, as a load balancer sends them. */
const nextOrigin = () => origins[turn++ % origins.length] ?? ''

const call = (
  descriptor: Descriptor,
  options: {
    params?: Record<string, string | number>
    cookie?: string
    json?: unknown
    body?: Buffer
    headers?: Record<string, string>
    to?: string
  } = {},
) =>
  fetch(`${options.to ?? nextOrigin()}/api${buildPath(descriptor.path, options.params)}`, {
    method: descriptor.method,
    headers: {
      origin: ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    ...(options.body ? { body: new Uint8Array(options.body) } : {}),
  })

const db = () => {
  if (!database) throw new Error('No database')
  return database.db
}

describe.skipIf(!serverUrl)('three instances on one PostgreSQL', () => {
  it('keeps a sign-in made on one instance on the others', async () => {
    const student = await createUser(db())
    const login = await call(auth.login, {
      json: { email: student.email, password: PASSWORD },
      to: origins[0],
    })
    expect(login.status).toBe(200)
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    for (const to of origins) {
      const me = await call(user.me, { cookie, to })
      expect(me.status).toBe(200)
      expect(((await me.json()) as { email: string }).email).toBe(student.email)
    }
    // Signing out on another instance ends it everywhere.
    expect((await call(auth.logout, { cookie, to: origins[1] })).status).toBe(200)
    expect((await call(user.me, { cookie, to: origins[2] })).status).toBe(401)
  })

  it('counts login limits across instances, per client and per account', async () => {
    // One client rotating over the instances.
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const response = await call(auth.login, {
        json: { email: `nobody${attempt}@example.com`, password: 'Wrong1pass' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
      expect(response.status).toBe(401)
    }
    const blocked = await call(auth.login, {
      json: { email: 'nobody@example.com', password: 'Wrong1pass' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    expect(blocked.status).toBe(429)

    // One account guessed at from many addresses, over the instances.
    const target = await createUser(db())
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const response = await call(auth.login, {
        json: { email: target.email, password: 'Wrong1pass' },
        headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
      })
      expect(response.status).toBe(401)
    }
    const locked = await call(auth.login, {
      json: { email: target.email, password: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.99' },
    })
    expect(locked.status).toBe(429)
  })

  it('serves a file uploaded through one instance from the others', async () => {
    const educator = await createUser(db(), { role: 'educator' })
    const lesson = await createLesson(db(), educator)
    const cookie = await cookieFor(db(), educator)
    const form = multipartFile('file', 'notes.pdf', PDF, 'application/pdf')
    const upload = await call(resources.uploadResourceFile, {
      params: { id: lesson.id },
      cookie,
      body: form.body,
      headers: form.headers,
      to: origins[0],
    })
    expect(upload.status).toBe(201)
    const { id } = (await upload.json()) as { id: number }
    for (const to of origins.slice(1)) {
      const download = await call(resources.downloadFile, { params: { fileId: id }, cookie, to })
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF)
    }
  })

  it('seats exactly three of 200 students racing for three seats over the instances', async () => {
    const educator = await createUser(db(), { role: 'educator' })
    const lesson = await createLesson(db(), educator, { maxSlots: 3 })
    const session = await createSession(db(), lesson, { startsIn: 2 * DAY })
    const students = await createStudents(db(), 200)
    const answers = await Promise.all(
      students.map(({ cookie }) =>
        call(sessions.enroll, { params: { id: lesson.id, sessionId: session.id }, cookie }).then(
          (response) => response.status,
        ),
      ),
    )
    expect(answers.filter((status) => status === 201)).toHaveLength(3)
    expect(answers.filter((status) => status === 409)).toHaveLength(197)
    const seats = await db()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.sessionId, session.id), isNull(enrollments.cancelledAt)))
    expect(seats).toHaveLength(3)
  }, 120_000)

  it('offers a freed seat once though all three instances work the queue', async () => {
    const educator = await createUser(db(), { role: 'educator' })
    const lesson = await createLesson(db(), educator, { maxSlots: 1 })
    const session = await createSession(db(), lesson, { startsIn: 2 * DAY })
    const params = { id: lesson.id, sessionId: session.id }
    const [seated, first, second] = await createStudents(db(), 3)
    expect((await call(sessions.enroll, { params, cookie: seated!.cookie })).status).toBe(201)
    for (const student of [first!, second!]) {
      expect((await call(sessions.joinWaitlist, { params, cookie: student.cookie })).status).toBe(
        201,
      )
    }
    expect((await call(sessions.unenroll, { params, cookie: seated!.cookie })).status).toBe(200)
    // Real processes keep real time: the first's offer is made to end now, job and place alike.
    const ended = new Date().toISOString()
    await db().execute(sql`update waitlist_entries set offer_expires_at = ${ended}::timestamptz
      where session_id = ${session.id} and status = 'offered'`)
    const offerEnd = sql`name = 'waitlistOfferEnd' and (data->>'sessionId')::int = ${session.id}`
    await db().execute(sql`update pgboss.job
      set start_after = ${ended}::timestamptz, data = jsonb_set(data, '{endsAt}', to_jsonb(${ended}::text))
      where ${offerEnd}`)
    const deadline = Date.now() + 30_000
    for (;;) {
      const result = await db().execute(sql`select state from pgboss.job where ${offerEnd}`)
      const states = (result as { rows: { state: string }[] }).rows.map((row) => row.state)
      if (states.includes('completed')) break
      if (Date.now() > deadline) throw new Error(`The offer did not end: ${states.join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const offers = await db()
      .select({ to: outbox.to })
      .from(outbox)
      .where(like(outbox.subject, `%a seat in ${lesson.title} %is held for you`))
    expect(offers.map((row) => row.to)).toEqual([first!.user.email, second!.user.email])
    const [place] = await db()
      .select()
      .from(waitlistEntries)
      .where(
        and(eq(waitlistEntries.sessionId, session.id), eq(waitlistEntries.userId, second!.user.id)),
      )
    expect(place?.status).toBe('offered')
  }, 120_000)

  it('sends each reminder once though all three instances work the queue', async () => {
    const educator = await createUser(db(), { role: 'educator' })
    const [licence] = await db()
      .insert(videoLicences)
      .values({ provider: 'zoom', accountEmail: `licence-${educator.id}@pool.example` })
      .returning()
    await db().update(users).set({ videoLicenceId: licence!.id }).where(eq(users.id, educator.id))
    const lesson = await createLesson(db(), educator, { title: 'Three Instances', maxSlots: 5 })
    // A session whose one-hour reminder is still ahead (so it is planned), on a whole minute,
    // written in a zone where its hour does not cross midnight.
    const start = new Date(Math.ceil((Date.now() + HOUR + 5_000) / MINUTE) * MINUTE)
    const timezone = start.getUTCHours() < 22 ? 'UTC' : 'Asia/Tokyo'
    const wall = (date: Date) =>
      new Date(date.getTime() + (timezone === 'UTC' ? 0 : 9 * HOUR)).toISOString()
    const created = await call(sessions.createSession, {
      params: { id: lesson.id },
      cookie: await cookieFor(db(), educator),
      json: {
        date: wall(start).slice(0, 10),
        startHour: wall(start).slice(11, 16),
        endHour: wall(new Date(start.getTime() + HOUR)).slice(11, 16),
        timezone,
        url: 'https://zoom.us/j/5551234',
      },
    })
    expect(created.status).toBe(201)
    const session = (await created.json()) as { id: number }
    const students = await createStudents(db(), 3)
    for (const student of students) {
      const enrolled = await call(sessions.enroll, {
        params: { id: lesson.id, sessionId: session.id },
        cookie: student.cookie,
      })
      expect(enrolled.status).toBe(201)
    }
    // Every instance polls the queue; the job is done once one of them has completed it.
    const hourJob = sql`name = 'sessionReminder' and (data->>'leadMinutes')::int = 60
      and (data->>'sessionId')::int = ${session.id}`
    // Real processes keep real time: the reminder is made due now in the queue rather than waited
    // for (up to a minute), then its state is polled, as a monitor would.
    await db().execute(sql`update pgboss.job set start_after = now() where ${hourJob}`)
    const deadline = Date.now() + 30_000
    for (;;) {
      const result = await db().execute(sql`select state from pgboss.job where ${hourJob}`)
      const [job] = (result as { rows: { state: string }[] }).rows
      if (job?.state === 'completed') break
      if (Date.now() > deadline) throw new Error(`The reminder was not sent: ${job?.state}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const reminders = await db()
      .select({ to: outbox.to })
      .from(outbox)
      .where(like(outbox.subject, '%Three Instances starts in 1 hour'))
    expect(reminders.map((row) => row.to).sort()).toEqual(
      [...students.map((student) => student.user.email), educator.email].sort(),
    )
  }, 120_000)
})
