import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The admin calls' rules are compared with the server's in server/tests/contract-parity.test.ts.
 * The count below is not: the server's demo gives its educators showcase lessons the mock leaves
 * out, so only the mock's own rows can tell what the count must be.
 */
describe("the mock admin list's upcoming session count", () => {
  it("counts the sessions of the educator's lessons that have not ended", async () => {
    const page = await call(admin.listUsers, { as: seedIds.admin, query: { role: 'educator' } })
    const kenji = page.body.data.find((row) => row.id === seedIds.educator)
    const now = Date.now()
    const lessonIds = new Set(
      db.lessons.filter((lesson) => lesson.ownerId === seedIds.educator).map((lesson) => lesson.id),
    )
    const expected = db.sessions.filter(
      (session) => lessonIds.has(session.lessonId) && Date.parse(session.end_time) > now,
    ).length
    expect(expected).toBeGreaterThan(0)
    // The paid lesson's ended session is not counted.
    expect(expected).toBeLessThan(db.sessions.filter((row) => lessonIds.has(row.lessonId)).length)
    expect(kenji?.upcomingSessionCount).toBe(expected)
  })
})
