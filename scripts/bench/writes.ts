// Writes that change the catalogue (issue 33: writes that do not queue), on PostgreSQL, each
// measured with the triggers that raise the catalogue's version and with them disabled, the
// yardstick: what the same writes cost when no commit raises it.
// - 2,000 students enroll at once in free sessions, ten to a session over 200 sessions, through
//   the product's enrollment route: the real transaction, as students would run it.
// - The smallest catalogue write (a category), committed by 20 connections at once, the bench's
//   own: where commits come faster than the disk flushes them one at a time, commits that take
//   turns on one row show at once (with one row for all, before migration 0015: 0.1× to 0.3×
//   on a busy two-core machine). The route's figure shows it only when the product can send its
//   commits that fast, which needs more cores than such a machine has (there, about 0.9× before
//   as after: its CPU, not the commits, sets the pace).
import { request, Agent } from 'node:http'
import pg from 'pg'
import { buildPath } from '../../contract/descriptor.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { API_PREFIX } from '../../server/src/app.ts'
import { openDatabase } from '../../server/src/db/client.ts'
import { lessonSessions } from '../../server/src/db/schema.ts'
import type { WritesRun } from './report.ts'
import { benchLesson, signedInStudents } from './world.ts'

const WRITE_SESSIONS = 200
const WRITE_ENROLLMENTS = 2000
const SEATS = WRITE_ENROLLMENTS / WRITE_SESSIONS
/** The minimum, as a ratio of writes per second with the triggers to without them. */
const WRITES_TARGET = 0.5
const COMMIT_CONNECTIONS = 20
const COMMIT_SECONDS = 4
/**
 * With, without, without, with: a machine whose speed drifts during the run moves both sides
 * alike. An unmeasured round comes first, so the route and the connections are warm.
 */
const ROUNDS = [true, false, false, true]
/**
 * Sockets to the product: all the enrollments are sent at once and wait in the client's queue.
 * 2,000 connections opened at once could overflow the server's listen backlog (Node's is 511),
 * and a dropped connection is tried again a second later, a pause the figure would count.
 */
const SOCKETS = 100
const HOUR = 60 * 60 * 1000

interface WritesWorld {
  lessonId: number
  /** Each round's sessions, the warm-up's first. */
  rounds: number[][]
  cookies: string[]
}

const prepare = async (url: string): Promise<WritesWorld> => {
  const database = await openDatabase({ url })
  try {
    const { db } = database
    const { educatorId, lessonId } = await benchLesson(
      db,
      {
        email: 'bench-writes@bench.example',
        educator: 'Bench writes educator',
        category: 'Bench writes',
        title: 'Writes that do not queue',
        about: 'Free seats, ten to a session',
      },
      SEATS,
    )
    // One educator's sessions may not overlap: one an hour, half an hour each, from tomorrow.
    const first = Date.now() + 24 * HOUR
    const rounds: number[][] = []
    for (let round = 0; round <= ROUNDS.length; round += 1) {
      const rows = await db
        .insert(lessonSessions)
        .values(
          Array.from({ length: WRITE_SESSIONS }, (_, index) => {
            const start = first + (round * WRITE_SESSIONS + index) * HOUR
            return {
              lessonId,
              ownerId: educatorId,
              startTime: new Date(start),
              endTime: new Date(start + HOUR / 2),
              timezone: 'Asia/Tokyo',
              url: 'https://meet.google.com/abc-defg-hij',
            }
          }),
        )
        .returning({ id: lessonSessions.id })
      rounds.push(rows.map((row) => row.id))
    }
    const cookies = await signedInStudents(db, WRITE_ENROLLMENTS, 'Writer')
    return { lessonId, rounds, cookies }
  } finally {
    await database.close()
  }
}

/** Disables or enables every trigger that raises the catalogue's version. */
const catalogueTriggers = async (url: string, action: 'disable' | 'enable') => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`do $$
      declare t record;
      begin
        for t in select tgrelid::regclass as tab, tgname from pg_trigger
          where tgfoid = 'catalogue_changed'::regproc
        loop
          execute format('alter table %s ${action} trigger %I', t.tab, t.tgname);
        end loop;
      end $$`)
    // What was written while they were off: every instance reads its catalogue again.
    if (action === 'enable') {
      await client.query(
        `update catalogue_version set version = greatest(version + 1, nextval('catalogue_version_seq'))`,
      )
    }
  } finally {
    await client.end()
  }
}

const post = (agent: Agent, origin: string, path: string, cookie: string) =>
  new Promise<number>((resolve, reject) => {
    const call = request(
      `${origin}${path}`,
      { method: sessions.enroll.method, agent, headers: { origin, cookie, 'content-length': 0 } },
      (answer) => {
        answer.resume()
        answer.once('end', () => resolve(answer.statusCode ?? 0))
        answer.once('error', reject)
      },
    )
    call.once('error', reject)
    call.end()
  })

/** Every student enrolls in one of `sessionIds`, all sent at once: the seconds until all answer. */
const enrollAtOnce = async (
  agent: Agent,
  origin: string,
  world: WritesWorld,
  sessionIds: number[],
  students: number,
) => {
  const started = performance.now()
  const statuses = await Promise.all(
    world.cookies.slice(0, students).map((cookie, index) => {
      const sessionId = sessionIds[index % sessionIds.length] ?? 0
      const path = buildPath(sessions.enroll.path, { id: world.lessonId, sessionId })
      return post(agent, origin, `${API_PREFIX}${path}`, cookie)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return {
    writes: statuses.length,
    seconds,
    failures: statuses.filter((status) => status !== 201).length,
  }
}

/** Each connection commits one new category after the other, for `seconds`. */
const commitCategories = async (clients: pg.Client[], seconds: number, round: number) => {
  const started = performance.now()
  const until = started + seconds * 1000
  const counts = await Promise.all(
    clients.map(async (client, index) => {
      let count = 0
      while (performance.now() < until) {
        const title = `Bench commit ${round}.${index}.${count}`
        await client.query('insert into categories (title, title_jp) values ($1, $1)', [title])
        count += 1
      }
      return count
    }),
  )
  const writes = counts.reduce((sum, count) => sum + count, 0)
  return { writes, seconds: (performance.now() - started) / 1000, failures: 0 }
}

type Round = () => Promise<{ writes: number; seconds: number; failures: number }>

/** Runs `warmUp`, then `rounds` in ROUNDS' order of triggers on and off: the figure. */
const withAndWithout = async (
  url: string,
  say: (line: string) => void,
  label: string,
  warmUp: Round,
  rounds: Round[],
) => {
  await warmUp()
  const totals = {
    with: { writes: 0, seconds: 0, failures: 0 },
    without: { writes: 0, seconds: 0, failures: 0 },
  }
  for (const [index, triggers] of ROUNDS.entries()) {
    say(`postgres: ${label}, catalogue triggers ${triggers ? 'on' : 'off'}`)
    if (!triggers) await catalogueTriggers(url, 'disable')
    try {
      const run = rounds[index]
      if (!run) throw new Error(`No round ${index}`)
      const result = await run()
      const total = triggers ? totals.with : totals.without
      total.writes += result.writes
      total.seconds += result.seconds
      total.failures += result.failures
    } finally {
      if (!triggers) await catalogueTriggers(url, 'enable')
    }
  }
  const withTriggers = totals.with.writes / totals.with.seconds
  const withoutTriggers = totals.without.writes / totals.without.seconds
  const ratio = withTriggers / withoutTriggers
  const failures = totals.with.failures + totals.without.failures
  return {
    withTriggers,
    withoutTriggers,
    ratio,
    failures,
    target: WRITES_TARGET,
    met: failures === 0 && ratio >= WRITES_TARGET,
  }
}

/** The figures of the product at `origin` on the PostgreSQL database at `url`. */
export const measureWrites = async (
  origin: string,
  url: string,
  say: (line: string) => void,
): Promise<WritesRun> => {
  say(`postgres: ${WRITE_ENROLLMENTS} students for ${WRITE_SESSIONS} sessions of each round`)
  const world = await prepare(url)
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS })
  let enrollments
  try {
    const [warmUp = [], ...rounds] = world.rounds
    enrollments = await withAndWithout(
      url,
      say,
      `${WRITE_ENROLLMENTS} enrollments at once`,
      // One seat per session.
      () => enrollAtOnce(agent, origin, world, warmUp, WRITE_SESSIONS),
      rounds.map((sessionIds) => () => enrollAtOnce(agent, origin, world, sessionIds, Infinity)),
    )
  } finally {
    agent.destroy()
  }
  const clients = Array.from(
    { length: COMMIT_CONNECTIONS },
    () => new pg.Client({ connectionString: url }),
  )
  let commits
  try {
    await Promise.all(clients.map((client) => client.connect()))
    commits = await withAndWithout(
      url,
      say,
      `one-row catalogue commits on ${COMMIT_CONNECTIONS} connections`,
      () => commitCategories(clients, 1, 0),
      ROUNDS.map((_, index) => () => commitCategories(clients, COMMIT_SECONDS, index + 1)),
    )
  } finally {
    await Promise.all(clients.map((client) => client.end()))
  }
  return {
    enrollments: {
      ...enrollments,
      count: WRITE_ENROLLMENTS,
      sessions: WRITE_SESSIONS,
      rounds: ROUNDS.length / 2,
    },
    commits: { ...commits, connections: COMMIT_CONNECTIONS, seconds: COMMIT_SECONDS },
  }
}
