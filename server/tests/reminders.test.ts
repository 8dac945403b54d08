import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { jobId } from '../src/jobs/queues.ts'
import { planMissingSessionJobs } from '../src/services/session-jobs.ts'
import { outbox, reviews } from '../src/db/schema.ts'
import {
  cookieFor,
  createLesson,
  createSession as createSessionRow,
  DAY,
  HOUR,
  MINUTE,
} from './catalogue-fixtures.ts'
import {
  APP_ORIGIN,
  bodyOf,
  createUser,
  setupTestApp,
  testClock,
  type UserFixture,
} from './helpers.ts'
import {
  at,
  BEFORE_DUE,
  DUE,
  dueAlready,
  licensedEducator,
  sessionForm,
  startOfSession,
  waitingJobs,
} from './session-job-fixtures.ts'

/**
 * Reminders (issue 31): each student holding a seat and the educator get an e-mail 24 hours and 1
 * hour before a session, sent by the job engine at those instants, in their language, with the
 * calendar file; none after unenrolling, none for a deleted session, a moved one re-timed, none
 * twice; and once it ends, a review request to each student who attended. Time is the test clock (the app's Date and the database's now()), never a sleep.
 */
// Every session here is scheduled inside a month-long cutoff, so it takes place with whoever
// enrolls: no minimum-seat decision (server/tests/seat-decisions.test.ts) comes between.
const context = setupTestApp({ env: () => ({ MIN_SEATS_CUTOFF_HOURS: '720' }) })
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

/** An educator with a video licence, a free lesson of theirs and their cookie. */
const educatorScene = async (language: 'en-US' | 'jp-JP' = 'en-US') => {
  const educator = await licensedEducator(context.db, { language })
  const lesson = await createLesson(context.db, educator, { title: 'Tea Ceremony', maxSlots: 5 })
  return { educator, lesson, cookie: await cookieFor(context.db, educator) }
}

type Scene = Awaited<ReturnType<typeof educatorScene>>

const createVia = async (scene: Scene, start: Date) => {
  const response = await context.call(sessions.createSession, {
    params: { id: scene.lesson.id },
    cookie: scene.cookie,
    body: sessionForm(start),
  })
  expect(response.statusCode).toBe(201)
  return bodyOf(response)
}

const enrollVia = async (scene: Scene, sessionId: number, student: UserFixture) => {
  const response = await context.call(sessions.enroll, {
    params: { id: scene.lesson.id, sessionId },
    cookie: await cookieFor(context.db, student),
  })
  expect(response.statusCode).toBe(201)
}

/** The reminder jobs waiting, as (lead time before the start, due instant). */
const waitingReminders = async () =>
  (await waitingJobs(context.db, 'sessionReminder')).map((job) => ({
    lead: job.data.leadMinutes,
    at: job.at,
  }))

const mails = async () =>
  (await context.db.select().from(outbox).orderBy(outbox.id)).map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    calendar: row.attachments[0]?.content ?? '',
  }))

describe('planning reminders', () => {
  it('plans one at exactly 24 hours and one at exactly 1 hour before a new session', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    await createVia(scene, start)
    expect(await waitingReminders()).toEqual([
      { lead: 24 * 60, at: at(start, -DAY).toISOString() },
      { lead: 60, at: at(start, -HOUR).toISOString() },
    ])
  })

  it('plans only the reminders still ahead: a session 3 hours away gets the 1-hour one', async () => {
    const start = startOfSession()
    await clock.set(at(start, -3 * HOUR))
    const scene = await educatorScene()
    await createVia(scene, start)
    expect(await waitingReminders()).toEqual([{ lead: 60, at: at(start, -HOUR).toISOString() }])
  })

  it('plans none for a session refused for its overlap (nothing is left of its transaction)', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    await createVia(scene, start)
    const refused = await context.call(sessions.createSession, {
      params: { id: scene.lesson.id },
      cookie: scene.cookie,
      body: sessionForm(at(start, 30 * MINUTE)),
    })
    expect(refused.statusCode).toBe(409)
    expect(await waitingReminders()).toHaveLength(2)
  })

  it('re-times them when the session moves, and plans them again when it moves back', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    const later = at(start, DAY)
    const move = (to: Date) =>
      context.call(sessions.updateSession, {
        params: { id: scene.lesson.id, sessionId: session.id },
        cookie: scene.cookie,
        body: sessionForm(to),
      })
    expect((await move(later)).statusCode).toBe(200)
    expect(await waitingReminders()).toEqual([
      { lead: 24 * 60, at: at(later, -DAY).toISOString() },
      { lead: 60, at: at(later, -HOUR).toISOString() },
    ])
    expect((await move(start)).statusCode).toBe(200)
    expect((await waitingReminders()).map((job) => job.at)).toEqual([
      at(start, -DAY).toISOString(),
      at(start, -HOUR).toISOString(),
    ])
  })

  it('cancels them with a deleted session', async () => {
    const scene = await educatorScene()
    const session = await createVia(scene, startOfSession())
    const response = await context.call(sessions.deleteSession, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: scene.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(await waitingReminders()).toEqual([])
    const cancelled = await context.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'sessionReminder' and state = 'cancelled'`,
    )
    expect((cancelled as { rows: { n: number }[] }).rows[0]?.n).toBe(2)
  })
})

describe('sending reminders', () => {
  it('sends the 24-hour one once 24 hours before is reached, not a second earlier, to students and educator', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    const student = await createUser(context.db, { name: 'Aiko Student' })
    await enrollVia(scene, session.id, student)
    const enrolledMails = (await mails()).length

    await clock.set(at(start, -DAY + BEFORE_DUE))
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(0)
    await clock.set(at(start, -DAY + DUE))
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(1)

    const sent = (await mails()).slice(enrolledMails)
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [student.email, 'Manabi: Tea Ceremony starts in 24 hours'],
      [scene.educator.email, 'Manabi: your session of Tea Ceremony starts in 24 hours'],
    ])
    expect(sent[0]?.text).toContain('The join link appears on the lesson page from 5 minutes')
    expect(sent[0]?.text).toContain(`/lesson/${scene.lesson.id}`)
    expect(sent[0]?.calendar).toContain('BEGIN:VEVENT')
    expect(sent[0]?.calendar).not.toContain('zoom.us/j/5551234')
    expect(sent[1]?.text).toContain('with 1 student enrolled')
    // Nothing more until the hour before, then the 1-hour one.
    await clock.set(at(start, -HOUR + BEFORE_DUE))
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(0)
    await clock.set(at(start, -HOUR + DUE))
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(1)
    expect((await mails()).slice(enrolledMails + 2).map((mail) => mail.subject)).toEqual([
      'Manabi: Tea Ceremony starts in 1 hour',
      'Manabi: your session of Tea Ceremony starts in 1 hour',
    ])
  })

  it('reminds no one who unenrolled, and a student who enrolled after the first reminder of the second', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    const leaving = await createUser(context.db)
    const late = await createUser(context.db)
    await enrollVia(scene, session.id, leaving)
    const unenrolled = await context.call(sessions.unenroll, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: await cookieFor(context.db, leaving),
    })
    expect(unenrolled.statusCode).toBe(200)
    await clock.set(at(start, -DAY + DUE))
    await context.app.runDueJobs(['sessionReminder'])
    await enrollVia(scene, session.id, late)
    await clock.set(at(start, -HOUR + DUE))
    await context.app.runDueJobs(['sessionReminder'])
    const reminded = (await mails()).filter((mail) => mail.subject.includes('starts in'))
    expect(reminded.map((mail) => [mail.to, mail.subject])).toEqual([
      [scene.educator.email, 'Manabi: your session of Tea Ceremony starts in 24 hours'],
      [late.email, 'Manabi: Tea Ceremony starts in 1 hour'],
      [scene.educator.email, 'Manabi: your session of Tea Ceremony starts in 1 hour'],
    ])
  })

  it('sends nothing for the old time of a moved session, nor once a session has started', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    // A job of the session's old start still waiting (as one sent before a move): moot.
    await context.app.boss.send(
      'sessionReminder',
      { sessionId: session.id, startsAt: at(start, -HOUR).toISOString(), leadMinutes: 60 },
      { id: jobId('stale'), startAfter: dueAlready() },
    )
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(1)
    expect((await mails()).filter((mail) => mail.subject.includes('starts in'))).toEqual([])
    // The 1-hour job run late, after the start (the engine was down): nothing is sent.
    await clock.set(at(start, 0))
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(2)
    expect((await mails()).filter((mail) => mail.subject.includes('starts in'))).toEqual([])
  })

  it('writes each reminder once when two runs of the same job race', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    await enrollVia(scene, session.id, await createUser(context.db))
    await clock.set(at(start, -HOUR + DUE))
    const [job] = await context.app.boss.fetch<{
      sessionId: number
      startsAt: string
      leadMinutes: number
    }>('sessionReminder')
    const { sendSessionReminder } = await import('../src/services/reminders.ts')
    await Promise.all([
      sendSessionReminder(context.app.serviceDeps, job!),
      sendSessionReminder(context.app.serviceDeps, job!),
    ])
    const reminded = (await mails()).filter((mail) => mail.subject.includes('starts in'))
    expect(reminded).toHaveLength(2)
  })

  it('writes in each reader’s language, the session’s time in its zone', async () => {
    const scene = await educatorScene('jp-JP')
    const start = startOfSession()
    const session = await createVia(scene, start)
    const student = await createUser(context.db, { language: 'jp-JP' })
    await enrollVia(scene, session.id, student)
    await clock.set(at(start, -HOUR + DUE))
    await context.app.runDueJobs(['sessionReminder'])
    // The 24-hour reminder is due too and runs first or second (the jobs' ids, made from the
    // session, order them): the 1-hour ones are picked by their lead time, not by their order.
    const [toStudent, toEducator] = (await mails()).filter((mail) =>
      mail.subject.includes('あと1時間'),
    )
    expect(toStudent?.to).toBe(student.email)
    expect(toStudent?.subject).toBe('まなび: 「Tea Ceremony」まであと1時間です')
    expect(toStudent?.text).toContain('19:00–20:00 日本時間')
    expect(toStudent?.text).toContain('参加リンクは開始5分前から')
    expect(toEducator?.subject).toBe(
      'まなび: 担当する「Tea Ceremony」のセッションまであと1時間です',
    )
    expect(toEducator?.text).toContain('受講者は1人です')
  })
})

describe('review requests', () => {
  const requests = async () =>
    (await mails()).filter(
      (mail) =>
        mail.subject.startsWith('Manabi: how was') || mail.subject.includes('いかがでしたか'),
    )

  /** The review-request jobs, as (state, due instant). */
  const reviewJobs = async () => {
    const result = await context.db.execute(sql`
      select state, start_after from pgboss.job where name = 'reviewRequest' order by start_after`)
    return (result as { rows: { state: string; start_after: string }[] }).rows.map((row) => [
      row.state,
      new Date(row.start_after).toISOString(),
    ])
  }

  it('plans one at exactly the end of a session; a new end moves it, a delete cancels it', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    expect(await reviewJobs()).toEqual([['created', at(start, HOUR).toISOString()]])
    const longer = await context.call(sessions.updateSession, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: scene.cookie,
      body: sessionForm(start, { endHour: sessionForm(at(start, 2 * HOUR)).startHour }),
    })
    expect(longer.statusCode).toBe(200)
    expect(await reviewJobs()).toEqual([['created', at(start, 2 * HOUR).toISOString()]])
    const deleted = await context.call(sessions.deleteSession, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: scene.cookie,
    })
    expect(deleted.statusCode).toBe(200)
    expect(await reviewJobs()).toEqual([['cancelled', at(start, 2 * HOUR).toISOString()]])
  })

  it('keeps the reminders when only the end changes, even one due and not yet run', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    await enrollVia(scene, session.id, await createUser(context.db))
    // The 1-hour reminder is due; no worker has taken it yet (a deploy, say).
    await clock.set(at(start, -HOUR + 2 * MINUTE))
    const longer = await context.call(sessions.updateSession, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: await cookieFor(context.db, scene.educator),
      body: sessionForm(start, { endHour: sessionForm(at(start, 2 * HOUR)).startHour }),
    })
    expect(longer.statusCode).toBe(200)
    expect(await waitingReminders()).toEqual([
      { lead: 24 * 60, at: at(start, -DAY).toISOString() },
      { lead: 60, at: at(start, -HOUR).toISOString() },
    ])
    await context.app.runDueJobs(['sessionReminder'])
    expect(
      (await mails()).filter((mail) => mail.subject.endsWith('starts in 1 hour')),
    ).toHaveLength(2)
  })

  it('asks each student who attended and has not reviewed, once, after the end and not before', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    const attending = await createUser(context.db, { name: 'Ken Student' })
    const reviewed = await createUser(context.db)
    const leaving = await createUser(context.db)
    for (const student of [attending, reviewed, leaving]) {
      await enrollVia(scene, session.id, student)
    }
    const left = await context.call(sessions.unenroll, {
      params: { id: scene.lesson.id, sessionId: session.id },
      cookie: await cookieFor(context.db, leaving),
    })
    expect(left.statusCode).toBe(200)
    await context.db.insert(reviews).values({
      lessonId: scene.lesson.id,
      authorId: reviewed.id,
      body: 'Reviewed before the e-mail came',
      rating: 5,
    })
    const end = at(start, HOUR)
    await clock.set(at(end, BEFORE_DUE))
    await context.app.runDueJobs(['reviewRequest'])
    expect(await requests()).toEqual([])
    await clock.set(at(end, DUE))
    expect(await context.app.runDueJobs(['reviewRequest'])).toBe(1)
    const sent = await requests()
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [attending.email, 'Manabi: how was Tea Ceremony?'],
    ])
    expect(sent[0]?.text).toContain(`${APP_ORIGIN}/history?review=${scene.lesson.id}`)
    // The job is done: a later run finds nothing to send.
    await clock.set(at(end, DAY))
    expect(await context.app.runDueJobs(['reviewRequest'])).toBe(0)
    expect(await requests()).toHaveLength(1)
  })

  it('is written in the student’s language', async () => {
    const scene = await educatorScene()
    const start = startOfSession()
    const session = await createVia(scene, start)
    await enrollVia(scene, session.id, await createUser(context.db, { language: 'jp-JP' }))
    await clock.set(at(start, HOUR + DUE))
    await context.app.runDueJobs(['reviewRequest'])
    const [request] = await requests()
    expect(request?.subject).toBe('まなび: 「Tea Ceremony」はいかがでしたか')
    expect(request?.text).toContain('レビューを書く')
  })
})

describe('the sweep for sessions written without their jobs', () => {
  it('plans the jobs of a session the seed or an older release wrote, once, and only those still ahead', async () => {
    const scene = await educatorScene()
    // Written directly, as the demo seed does: no jobs.
    const soon = await createSessionRow(context.db, scene.lesson, { startsIn: 3 * HOUR })
    const later = await createSessionRow(context.db, scene.lesson, { startsIn: 20 * HOUR })
    const beyond = await createSessionRow(context.db, scene.lesson, { startsIn: 3 * DAY })
    expect(await planMissingSessionJobs(context.app.serviceDeps)).toBe(2)
    expect(await planMissingSessionJobs(context.app.serviceDeps)).toBe(2)
    const result = await context.db.execute(sql`
      select name, (data->>'sessionId')::int as "sessionId", start_after from pgboss.job
      order by 2, start_after`)
    const rows = (
      result as { rows: { name: string; sessionId: number; start_after: string }[] }
    ).rows.map((row) => [row.name, row.sessionId, new Date(row.start_after).toISOString()])
    expect(rows).toEqual([
      // Three hours ahead: the 24-hour reminder's time has passed.
      ['sessionReminder', soon.id, at(soon.startTime, -HOUR).toISOString()],
      ['reviewRequest', soon.id, soon.endTime.toISOString()],
      ['sessionReminder', later.id, at(later.startTime, -HOUR).toISOString()],
      ['reviewRequest', later.id, later.endTime.toISOString()],
    ])
    expect(rows.some((row) => row[1] === beyond.id)).toBe(false)
    // Once within reach, the later session gets its 24-hour reminder too.
    await clock.set(at(beyond.startTime, -DAY - 20 * MINUTE))
    await planMissingSessionJobs(context.app.serviceDeps)
    const planned = await context.db.execute(sql`
      select count(*)::int as n from pgboss.job where (data->>'sessionId')::int = ${beyond.id}`)
    expect((planned as { rows: { n: number }[] }).rows[0]?.n).toBe(3)
  })
})
