import { describe, expect, it } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import * as user from '@contract/descriptors/user'
import { db, DEMO_PASSWORD, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The account rules are compared with the server's in server/tests/contract-parity.test.ts. What
 * is left here is the mock's own plumbing: its one browser session, which the server keeps in a
 * cookie and the parity test signs in and out around every call.
 */
describe("the mocked browser's session", () => {
  it('is signed in by a sign-in only, and out by a logout', async () => {
    const login = (email: string, password: string) =>
      call(auth.login, { as: null, json: { email, password } })

    expect((await login('yuki@manabi.example', 'Wrong1password')).status).toBe(401)
    expect(db.session.userId).toBeNull()
    expect((await login('sam@manabi.example', DEMO_PASSWORD)).status).toBe(403)
    expect(db.session.userId).toBeNull()

    expect((await login('YUKI@manabi.example', DEMO_PASSWORD)).status).toBe(200)
    expect(db.session.userId).toBe(seedIds.student)
    expect((await call(user.me)).body.name).toBe('Yuki Yamamoto')

    expect((await call(auth.logout)).status).toBe(200)
    expect(db.session.userId).toBeNull()
    expect((await call(user.me)).status).toBe(401)
  })
})
