import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The cards are compared with the server's in server/tests/contract-parity.test.ts, at the
 * moment the test runs. The instant a session starts cannot be reached there (the two backends
 * cannot share a fake clock), and the mock decides it with its own comparison (serializers.ts).
 */

afterEach(() => {
  vi.useRealTimers()
})

const sessionRow = (id: number) => db.sessions.find((session) => session.id === id)!

/** The guest catalogue's card of a lesson. */
const cardOf = async (lessonId: number) => {
  const page = await call(guest.guestLessons, { as: null, query: { take: 100 } })
  const card = page.body.data.find((lesson) => lesson.id === lessonId)
  if (!card) throw new Error(`Lesson ${lessonId} is not listed`)
  return card
}

describe("a mock catalogue card's next session", () => {
  it('moves on at the instant a session starts, and skips a full one', async () => {
    const soon = sessionRow(seedIds.sessions.startingSoon)
    const futureFree = sessionRow(seedIds.sessions.futureFree)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse(soon.start_time) - 1)
    expect((await cardOf(seedIds.freeLesson)).nextSession?.id).toBe(soon.id)
    vi.setSystemTime(Date.parse(soon.start_time))
    expect((await cardOf(seedIds.freeLesson)).nextSession?.id).toBe(futureFree.id)
    // After that, only the full session is left to start.
    vi.setSystemTime(Date.parse(futureFree.start_time))
    expect((await cardOf(seedIds.freeLesson)).nextSession).toBeNull()
  })
})
