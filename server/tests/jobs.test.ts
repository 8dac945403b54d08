import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { bossDb } from '../src/jobs/boss-db.ts'
import { jobId, QUEUES, SCHEDULES } from '../src/jobs/queues.ts'
import { handlers } from '../src/plugins/job-work.ts'
import { APP_ORIGIN, sameDatabase, setupTestApp } from './helpers.ts'
import { dueAlready } from './session-job-fixtures.ts'

/**
 * The job engine (pg-boss on our database): jobs sent in a transaction exist exactly when it
 * commits, a job's id makes a second send a no-op, every queue exists from the start, an
 * instance that works the queues keeps their schedules, and closing it waits for a job under way.
 */
const context = setupTestApp()
const apps: Awaited<ReturnType<typeof buildApp>>[] = []
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
})

const count = async (where = sql`true`) => {
  const result = await context.db.execute(
    sql`select count(*)::int as n from pgboss.job where ${where}`,
  )
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0
}

const DATA = { sessionId: 1, startsAt: new Date().toISOString(), leadMinutes: 60 }

describe('the job engine', () => {
  it('has every queue from the start', async () => {
    const queues = (await context.app.boss.getQueues()).map((queue) => queue.name).sort()
    expect(queues).toEqual(Object.keys(QUEUES).sort())
  })

  it('keeps a job sent in a transaction only when the transaction commits', async () => {
    await context.db
      .transaction(async (tx) => {
        await context.app.jobs.send(tx, 'sessionReminder', DATA, { id: jobId('rolled back') })
        throw new Error('the change fails')
      })
      .catch(() => {})
    expect(await count()).toBe(0)
    await context.db.transaction((tx) =>
      context.app.jobs.send(tx, 'sessionReminder', DATA, { id: jobId('committed') }),
    )
    expect(await count()).toBe(1)
  })

  it('leaves its connection usable after a script that failed inside its transaction', async () => {
    const engineDb = bossDb(sameDatabase(context), () => {})
    await expect(engineDb.executeSql('BEGIN; SELECT 1 / 0; COMMIT;', [])).rejects.toThrow()
    // Every connection of the pool, or the embedded database's only one.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => engineDb.executeSql('SELECT 1 AS one', [])),
    )
    expect(answers.map((answer) => answer.rows as unknown)).toEqual(Array(12).fill([{ one: 1 }]))
  })

  it('adds nothing for a job sent again with the same id', async () => {
    for (let round = 0; round < 3; round += 1) {
      await context.db.transaction((tx) =>
        context.app.jobs.send(tx, 'sessionReminder', DATA, { id: jobId('once') }),
      )
    }
    expect(await count()).toBe(1)
  })

  it('completes a job in a transaction once: a second completion is refused', async () => {
    await context.app.boss.send('sessionReminder', DATA, {
      id: jobId('complete'),
      startAfter: dueAlready(),
    })
    const [job] = await context.app.boss.fetch('sessionReminder')
    const complete = () =>
      context.db.transaction((tx) => context.app.jobs.complete(tx, 'sessionReminder', job!.id))
    expect(await complete()).toBe(true)
    expect(await complete()).toBe(false)
  })

  it('an instance that works the queues schedules the periodic ones; one that does not, none', async () => {
    const worker = await buildApp({
      config: loadConfig({ APP_ORIGIN, SEED_DEMO: 'false', DATA_DIR: context.dataDir }),
      database: sameDatabase(context),
      closeDatabase: false,
    })
    apps.push(worker)
    expect(await context.app.boss.getSchedules()).toEqual([])
    await worker.ready()
    const schedules = await worker.boss.getSchedules()
    expect(Object.fromEntries(schedules.map((schedule) => [schedule.name, schedule.cron]))).toEqual(
      SCHEDULES,
    )
    // Its workers would take the next test's job.
    await worker.close()
  })

  it('closing an instance that works the queues waits for the job under way, then the database', async () => {
    const events: string[] = []
    const original = handlers.housekeeping
    let picked = () => {}
    const pickedUp = new Promise<void>((resolve) => (picked = resolve))
    // A housekeeping run that takes a while.
    handlers.housekeeping = async () => {
      picked()
      await new Promise((resolve) => setTimeout(resolve, 300))
      events.push('job done')
    }
    try {
      const worker = await buildApp({
        config: loadConfig({ APP_ORIGIN, SEED_DEMO: 'false', DATA_DIR: context.dataDir }),
        database: sameDatabase(context, async () => {
          events.push('database closed')
        }),
        closeDatabase: true,
      })
      await worker.ready()
      await worker.boss.send('housekeeping', {})
      await pickedUp
      await worker.close()
      expect(events).toEqual(['job done', 'database closed'])
    } finally {
      handlers.housekeeping = original
    }
  })
})

describe('REMINDER_LEADS', () => {
  const leads = (value?: string) =>
    loadConfig({ APP_ORIGIN, ...(value === undefined ? {} : { REMINDER_LEADS: value }) })
      .reminderLeadsMinutes

  it('reads hours and minutes, longest first, each once; a day and an hour by default', () => {
    expect(leads()).toEqual([24 * 60, 60])
    expect(leads('30m,2h,30m,1m')).toEqual([120, 30, 1])
    expect(leads('720h')).toEqual([720 * 60])
    expect(leads('none')).toEqual([])
  })

  it.each([
    '0h',
    '0m',
    '721h',
    '43201m',
    '24',
    'h',
    '24h,',
    ' 24h',
    '24h;1h',
    '1.5h',
    '-1h',
    'never',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => leads(value)).toThrow(/REMINDER_LEADS/)
  })
})
