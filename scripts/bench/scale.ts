// The bench at marketplace scale (`npm run bench -- --scale 100000`): for each size of the ladder
// (1,000, 10,000, 100,000 lessons, up to the one asked for) a fresh PostgreSQL database is filled
// with the generated world (scale-world.ts), the product is started on it, and each read a user
// waits for is measured under load with a spread of arguments (pages, ids, terms, users), so the
// per-instance cache cannot answer it all from memory. Then the server's resident memory.
import autocannon from 'autocannon'
import { buildPath, type Descriptor } from '../../contract/descriptor.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import { LANDING_CATALOGUE_QUERY, PAGE_SIZE } from '../../contract/rules.ts'
import { API_PREFIX } from '../../server/src/app.ts'
import { sql } from 'drizzle-orm'
import { type Database, openDatabase } from '../../server/src/db/client.ts'
import { categories } from '../../server/src/db/schema.ts'
import { createDatabase, removeScratch, scratch, startProduct } from './product.ts'
import type { Load } from './report.ts'
import {
  generateScaleWorld,
  SCALE_EMAIL_DOMAIN,
  type ScaleWorld,
  SEARCH_TERMS,
} from './scale-world.ts'
import { signedIn } from './world.ts'

/** The sizes measured for `--scale N`: the powers of ten from 1,000 up to N, and N. */
export const scaleLadder = (largest: number) => {
  const sizes = [1_000, 10_000, 100_000, 1_000_000].filter((size) => size < largest)
  return [...sizes, largest]
}

export const SCALE_QUERIES = {
  catalogueFirst: 'catalogue, first page (the landing)',
  catalogueDeep: 'catalogue, deep pages (200, last half, after the last card)',
  catalogueCategory: 'catalogue, a category (pages 1-3)',
  titleEnglish: 'catalogue, title search in English',
  titleJapanese: 'catalogue, title search in Japanese',
  lesson: 'a lesson by id (300 ids)',
  studentUpcoming: "student's dashboard (upcoming)",
  studentHistory: "student's history",
  educatorLessons: "educator's dashboard (own lessons)",
  educatorUpcoming: "educator's upcoming sessions",
  adminSearch: "admin's users search",
} as const
export type ScaleQueryKey = keyof typeof SCALE_QUERIES

/** The target of every scale figure at the largest size, with 20 connections. */
export const SCALE_P99_TARGET_MS = 50

export interface ScaleSize {
  lessons: number
  /** How long generating and loading the world took. */
  loadSeconds: number
  queries: { key: ScaleQueryKey; load: Load }[]
  /** The server's resident memory after the last figure, under load until then. */
  residentBytes: number
}

/** Deterministic picks for the bench's arguments (a small linear congruential generator). */
const picker = (seed: number) => {
  let state = seed >>> 0
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state % n
  }
}

type Request = { path: string; headers?: Record<string, string> }

const api = (descriptor: Descriptor, params: Record<string, number> = {}, query = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString()
  return `${API_PREFIX}${buildPath(descriptor.path, params)}${search ? `?${search}` : ''}`
}

const SIGNED_IN_USERS = 20

/** The requests of each figure at this size: what a user of each screen sends. */
const requestsOf = (world: ScaleWorld, cookies: ScaleCookies, lists: WorldLists) => {
  const pick = picker(world.lessons)
  const catalogue = (query: Record<string, string | number>): Request => ({
    path: api(guest.guestLessons, {}, { ...LANDING_CATALOGUE_QUERY, ...query }),
  })
  const withCookies = (list: string[], path: string) =>
    list.map((cookie) => ({ path, headers: { cookie } }))
  const termPages = (terms: readonly string[]) =>
    terms.flatMap((title) => [1, 2, 3].map((page) => catalogue({ title, page })))
  const requests: Record<ScaleQueryKey, Request[]> = {
    catalogueFirst: [catalogue({})],
    // As the SPA's infinite list asks for its next page: after the last card of the page before.
    catalogueDeep: Array.from({ length: 200 }, () => {
      const { page, after } = lists.deepPages[pick(lists.deepPages.length)]!
      return catalogue({ page, after })
    }),
    catalogueCategory: lists.categoryIds.flatMap((id) =>
      [1, 2, 3].map((page) => catalogue({ categoryIds: String(id), page })),
    ),
    titleEnglish: termPages(SEARCH_TERMS.english),
    titleJapanese: termPages(SEARCH_TERMS.japanese),
    lesson: Array.from({ length: 300 }, () => ({
      path: api(guest.guestLesson, { id: world.firstIds.lesson + pick(world.lessons) }),
    })),
    studentUpcoming: withCookies(cookies.students, api(lessonCalls.upcomingLessons)),
    studentHistory: withCookies(
      cookies.students,
      api(lessonCalls.lessonHistory, {}, { page: 1, take: PAGE_SIZE.default }),
    ),
    educatorLessons: withCookies(
      cookies.educators,
      api(lessonCalls.myLessons, {}, { page: 1, take: PAGE_SIZE.default }),
    ),
    educatorUpcoming: withCookies(cookies.educators, api(lessonCalls.upcomingLessons)),
    adminSearch: [
      ...SEARCH_TERMS.names,
      `student${pick(world.students)}@${SCALE_EMAIL_DOMAIN}`,
      `educator${pick(world.educators)}`,
    ].map((search) => ({
      path: api(admin.listUsers, {}, { search, page: 1, take: PAGE_SIZE.default }),
      headers: { cookie: cookies.admin },
    })),
  }
  return requests
}

interface ScaleCookies {
  students: string[]
  educators: string[]
  admin: string
}

/** What the bench's requests name from the world: its categories, and deep pages to ask for. */
interface WorldLists {
  categoryIds: number[]
  /** Pages of the catalogue's last half, each with the last lesson of the page before. */
  deepPages: { page: number; after: number }[]
}

/** The catalogue's pages in its last half, each after the last lesson of the page before. */
const deepPagesOf = async (db: Database) => {
  const take = LANDING_CATALOGUE_QUERY.take
  const { rows } = (await db.execute(sql`
    select id as after, place from (
      select id, row_number() over (order by created_at desc, id desc) as place,
        count(*) over () as listed
      from lessons where session_count > 0
    ) as listed_lessons
    where place % ${take} = 0 and place * 2 >= listed`)) as {
    rows: { after: number | string; place: number | string }[]
  }
  return rows.map((row) => ({ page: Number(row.place) / take + 1, after: Number(row.after) }))
}

/** Loads the world of `lessons` into a fresh database; answers it with signed-in cookies. */
const loadWorld = async (url: string, lessons: number) => {
  const database = await openDatabase({ url })
  try {
    const world = await generateScaleWorld(database.db, { lessons, seed: lessons, now: new Date() })
    // Spread over the ids: early students and educators have the same share of rows as late.
    const spread = (count: number, idOf: (index: number) => number) =>
      Array.from({ length: SIGNED_IN_USERS }, (_, index) =>
        idOf(Math.floor((index * count) / SIGNED_IN_USERS)),
      )
    const students = await signedIn(database.db, spread(world.students, world.studentId))
    const educators = await signedIn(database.db, spread(world.educators, world.educatorId))
    const [adminCookie = ''] = await signedIn(database.db, [world.adminId])
    const lists: WorldLists = {
      categoryIds: (
        await database.db.select({ id: categories.id }).from(categories).orderBy(categories.id)
      ).map((row) => row.id),
      deepPages: await deepPagesOf(database.db),
    }
    return { world, cookies: { students, educators, admin: adminCookie }, lists }
  } finally {
    await database.close()
  }
}

export const runScale = async (options: {
  serverUrl: string
  largest: number
  seconds: number
  connections: number
  warmUpSeconds: number
  say: (line: string) => void
}): Promise<ScaleSize[]> => {
  const { serverUrl, seconds, connections, warmUpSeconds, say } = options
  const measured: ScaleSize[] = []
  for (const lessons of scaleLadder(options.largest)) {
    const created = await createDatabase(serverUrl, `scale_${lessons}`)
    const place = await scratch()
    try {
      say(`scale ${lessons}: generating the world`)
      const started = performance.now()
      const { world, cookies, lists } = await loadWorld(created.url, lessons)
      const loadSeconds = (performance.now() - started) / 1000
      say(
        `scale ${lessons}: ${world.lessons} lessons, ${world.sessions} sessions, ` +
          `${world.students} students, ${world.seats} seats in ${loadSeconds.toFixed(0)} s`,
      )
      const product = await startProduct({ ...place, databaseUrl: created.url })
      try {
        const requests = requestsOf(world, cookies, lists)
        const queries: ScaleSize['queries'] = []
        for (const key of Object.keys(SCALE_QUERIES) as ScaleQueryKey[]) {
          say(`scale ${lessons}: ${SCALE_QUERIES[key]}`)
          const run = (duration: number) =>
            autocannon({ url: product.origin, connections, duration, requests: requests[key] })
          await run(warmUpSeconds)
          const result = await run(seconds)
          queries.push({
            key,
            load: {
              rps: result.requests.average,
              p99Ms: result.latency.p99,
              requests: result.requests.total,
              failures: result.errors + result.timeouts + result.non2xx,
            },
          })
        }
        measured.push({
          lessons,
          loadSeconds,
          queries,
          residentBytes: await product.residentBytes(),
        })
      } finally {
        await product.stop()
      }
    } finally {
      await created.drop()
      await removeScratch(place.root)
    }
  }
  return measured
}
