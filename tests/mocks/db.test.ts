import { afterEach, describe, expect, it, vi } from 'vitest'
import enUS from '../../public/locales/en-US/translation.json'
import * as lessons from '@contract/descriptors/lessons'
import * as system from '@contract/descriptors/system'
import * as user from '@contract/descriptors/user'
import { db, seedIds } from '@/mocks/db'
import { apiUrl } from '@/mocks/http'
import { call, seedCoverOf } from './helpers'

/**
 * Every collection of the database (its functions left out), deep-copied; file bytes as base64,
 * which compares as fast as any string (element by element, the covers' bytes took seconds).
 */
const state = () =>
  structuredClone(
    Object.entries(db)
      .filter(([, value]) => typeof value !== 'function')
      .map(([name, value]): [string, unknown] => [
        name,
        name === 'files'
          ? db.files.map((file) => ({ ...file, bytes: Buffer.from(file.bytes).toString('base64') }))
          : value,
      ]),
  )

describe('the mock database', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('seeds every role and account state', () => {
    const user = (id: number) => db.users.find((row) => row.id === id)
    expect(user(seedIds.admin)?.role).toBe('admin')
    for (const id of [seedIds.educator, seedIds.educator2]) {
      expect(user(id)).toMatchObject({ role: 'educator', isValidated: true })
      expect(user(id)?.videoLicenceId).toBeTypeOf('number')
    }
    expect(user(seedIds.unverifiedEducator)).toMatchObject({ role: 'educator', isValidated: false })
    expect(user(seedIds.educatorWithoutLicence)).toMatchObject({
      isValidated: true,
      videoLicenceId: null,
    })
    expect(user(seedIds.unconfirmedStudent)).toMatchObject({
      role: 'student',
      isEmailConfirmed: false,
    })
    expect(db.users.filter((row) => row.role === 'student' && row.isEmailConfirmed)).toHaveLength(3)
    expect(db.categories.length).toBeGreaterThanOrEqual(6)
    expect(db.categories.every((category) => category.titleJp !== category.title)).toBe(true)
    expect(db.lessons.length).toBeGreaterThanOrEqual(12)
  })

  it('seeds sessions relative to now: past, live, in the join window, full', () => {
    const now = Date.now()
    const session = (id: number) => db.sessions.find((row) => row.id === id)
    const start = (id: number) => Date.parse(session(id)?.start_time ?? '')
    const end = (id: number) => Date.parse(session(id)?.end_time ?? '')
    expect(end(seedIds.sessions.past)).toBeLessThan(now)
    expect(start(seedIds.sessions.live)).toBeLessThan(now)
    expect(end(seedIds.sessions.live)).toBeGreaterThan(now)
    expect(start(seedIds.sessions.startingSoon) - now).toBeGreaterThan(2 * 60_000)
    expect(start(seedIds.sessions.startingSoon) - now).toBeLessThanOrEqual(3 * 60_000)
    expect(db.enrollments.filter((row) => row.sessionId === seedIds.sessions.full)).toHaveLength(
      db.lessons.find((lesson) => lesson.id === seedIds.freeLesson)?.max_slots ?? -1,
    )
    expect(db.sessions.some((row) => row.lessonId === seedIds.lessonWithoutSessions)).toBe(false)
  })

  it('reset() restores the seed exactly with fresh objects', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-05-01T09:00:00Z'))
    db.reset()
    const before = state()
    const oldUsers = db.users

    await call(lessons.createLesson, {
      as: seedIds.educator,
      json: {
        title: 'Extra',
        categoryId: 1,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 2,
        imageId: seedCoverOf(seedIds.paidLesson),
      },
    })
    await call(user.updateProfile, { json: { name: 'Changed' } })
    expect(state()).not.toEqual(before)

    db.reset()
    expect(state()).toEqual(before)
    expect(db.session.userId).toBeNull()
    expect(db.users).not.toBe(oldUsers)
    oldUsers[0]!.name = 'Leaked'
    expect(db.users[0]?.name).toBe('Aiko Admin')
  })

  it('signIn and signOut drive the mocked browser session', async () => {
    db.signIn(seedIds.student2)
    expect((await call(user.me)).body).toMatchObject({
      id: seedIds.student2,
      role: 'student',
    })
    db.signOut()
    expect((await call(user.me)).status).toBe(401)
  })
})

describe('translations', () => {
  it('serves both languages from the app origin and 404 for others', async () => {
    const english = await fetch('http://localhost:3000/locales/en-US/translation.json')
    expect(english.status).toBe(200)
    expect(await english.json()).toEqual(enUS)
    expect((await fetch('http://localhost:3000/locales/jp-JP/translation.json')).status).toBe(200)
    expect((await fetch('http://localhost:3000/locales/fr-FR/translation.json')).status).toBe(404)
  })
})

describe('system', () => {
  it('reports the API is up at the API base with or without a trailing slash', async () => {
    const base = apiUrl(system.health.path)
    for (const url of [base, `${base}/`]) {
      expect(await (await fetch(url)).json()).toMatchObject({ status: 'ok' })
    }
  })
})
