import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import { generateScaleWorld } from '../../scripts/bench/scale-world.ts'
import { lessons, users } from '../src/db/schema.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { bodyOf, setupTestApp } from './helpers.ts'
import { explain, type PlanNode, readsOf, recordQueries, scansOf } from './query-plans.ts'

/**
 * Searches for a part of a text (a lesson's title, a user's name or e-mail), and the admin's
 * list: what they find on both engines, and, on PostgreSQL, over a generated world of thousands of
 * rows, that each reads an index rather than a whole table: three characters or more through
 * pg_trgm, fewer through the bigrams' index (a two-character Japanese word has no trigram).
 */
const context = setupTestApp({ truncateAfterEach: false })
const onPostgres = Boolean(process.env.DATABASE_URL)

type World = Awaited<ReturnType<typeof generateScaleWorld>>
let world: World | undefined
/** One generated world for the file, which only reads it: big enough on PostgreSQL for its planner to prefer indexes. */
beforeAll(async () => {
  world = await generateScaleWorld(context.db, {
    lessons: onPostgres ? 2000 : 200,
    seed: 11,
    now: new Date(),
  })
}, 180_000)
const theWorld = async () => {
  if (!world) throw new Error('The world was not generated')
  return world
}

const titlesFound = async (title: string) => {
  const answer = bodyOf(
    await context.call(guest.guestLessons, { query: { title, take: 100, page: 1 } }),
  )
  return { titles: answer.data.map((lesson) => lesson.title), count: answer.meta.itemCount }
}

/** The titles of every lesson, as the database holds them, for what a search must find. */
const allTitles = async () =>
  (await context.db.select({ title: lessons.title }).from(lessons)).map((row) => row.title)

const adminCookie = async () => cookieFor(context.db, { id: (await theWorld()).adminId })

const usersFound = async (search: string) =>
  bodyOf(
    await context.call(admin.listUsers, {
      cookie: await adminCookie(),
      query: { search, take: 100 },
    }),
  )

describe('searches for a part of a text', () => {
  it('find a two-character Japanese word in titles, as many as contain it', async () => {
    await theWorld()
    const expected = (await allTitles()).filter((title) => title.includes('書道')).length
    expect(expected).toBeGreaterThan(0)
    const found = await titlesFound('書道')
    expect(found.count).toBe(expected)
    for (const title of found.titles) expect(title).toContain('書道')
  })

  it('find words of one, two and three characters or more, whatever their case', async () => {
    await theWorld()
    const titles = await allTitles()
    for (const term of ['道', 'gu', 'GUITAR', 'guitar class', '英会話']) {
      const expected = titles.filter((title) =>
        title.toLowerCase().includes(term.toLowerCase()),
      ).length
      expect((await titlesFound(term)).count, term).toBe(expected)
    }
  })

  it('take % and _ literally, and find nothing that is not there', async () => {
    await theWorld()
    expect((await titlesFound('%')).count).toBe(0)
    expect((await titlesFound('_')).count).toBe(0)
    expect((await titlesFound('書%')).count).toBe(0)
    expect((await titlesFound('zz')).count).toBe(0)
  })

  it('find a user by part of the name or of the e-mail, not by a part that spans both', async () => {
    const { studentId } = await theWorld()
    const [student] = await context.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, studentId(3)))
    if (!student) throw new Error('No student')
    const byEmail = await usersFound(student.email)
    expect(byEmail.data.map((user) => user.id)).toEqual([studentId(3)])
    // The end of the name and the start of the e-mail, as the index's text joins them.
    const spanning = `${student.name.slice(-1)} ${student.email.slice(0, 2)}`
    expect((await usersFound(spanning)).meta.itemCount).toBe(0)
    const family = student.name.split(' ')[0] ?? ''
    const named = await usersFound(family)
    expect(named.meta.itemCount).toBeGreaterThan(0)
    for (const user of named.data) expect(`${user.name} ${user.email}`).toContain(family)
  })
})

/** The index scans of the plans of every read a call sends, and any whole-table read. */
const scansOfCall = async (send: () => Promise<unknown>) => {
  const nodes: PlanNode[] = []
  for (const query of readsOf(await recordQueries(context, send))) {
    nodes.push(...scansOf(await explain(context, query)))
  }
  return {
    indexes: nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])),
    wholeTables: nodes.flatMap((node) =>
      node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? ''] : [],
    ),
  }
}

/** A title search no other test sends (its page size), so no cached answer stands in for it. */
const uncachedTitleSearch = (title: string) =>
  context.call(guest.guestLessons, { query: { title, take: 7, page: 2 } })

describe.runIf(onPostgres)('the plans of searches on PostgreSQL', () => {
  const GROWING = ['lesson_sessions', 'enrollments', 'payments']
  const BIG = ['lessons', 'users', ...GROWING]
  const noWholeBigTable = (wholeTables: string[]) =>
    expect(wholeTables.filter((table) => BIG.includes(table))).toEqual([])
  const noWholeGrowingTable = (wholeTables: string[]) =>
    expect(wholeTables.filter((table) => GROWING.includes(table))).toEqual([])

  it('a title of three characters or more reads an index of lessons; of two, the bigrams', async () => {
    await theWorld()
    // A term found in one lesson in forty: the planner may walk the catalogue's order instead of
    // the trigram index (the page's window count reads every match either way); the tables that
    // grow with use are never read whole.
    const english = await scansOfCall(() => uncachedTitleSearch('Guitar'))
    noWholeGrowingTable(english.wholeTables)
    const japanese = await scansOfCall(() => uncachedTitleSearch('書道'))
    expect(japanese.indexes).toContain('lessons_title_bigram_idx')
    noWholeBigTable(japanese.wholeTables)
  })

  it("the admin's search reads the index over name and e-mail, and the list its order", async () => {
    await theWorld()
    for (const [search, index] of [
      ['Garcia', 'users_search_trgm_idx'],
      ['田中', 'users_search_bigram_idx'],
    ] as const) {
      const scans = await scansOfCall(() => usersFound(search))
      expect(scans.indexes, search).toContain(index)
      noWholeBigTable(scans.wholeTables)
    }
    const list = await scansOfCall(async () =>
      context.call(admin.listUsers, { cookie: await adminCookie(), query: {} }),
    )
    expect(list.indexes).toContain('users_created_idx')
    // Each row's count of sessions to come reads the educator's sessions by their index.
    expect(list.indexes).toContain('lesson_sessions_owner_idx')
    // Counting every user reads every user, by the table or its key's index as the planner
    // weighs them; the tables that grow with use are never read whole.
    noWholeGrowingTable(list.wholeTables)
  })

  it("an educator's and a student's dashboards read no big table whole", async () => {
    const { educatorId, studentId } = await theWorld()
    const educator = await cookieFor(context.db, { id: educatorId(2) })
    const student = await cookieFor(context.db, { id: studentId(2) })
    for (const send of [
      () => context.call(lessonCalls.myLessons, { cookie: educator }),
      () => context.call(lessonCalls.upcomingLessons, { cookie: educator }),
      () => context.call(lessonCalls.upcomingLessons, { cookie: student }),
      () => context.call(lessonCalls.lessonHistory, { cookie: student }),
    ]) {
      noWholeBigTable((await scansOfCall(send)).wholeTables)
    }
  })
})
