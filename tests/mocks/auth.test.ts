import { describe, expect, it } from 'vitest'
import type { BodyOf } from '@contract/client'
import * as auth from '@contract/descriptors/auth'
import * as user from '@contract/descriptors/user'
import { REAUTH_MAX_FAILURES, REAUTH_WINDOW_MS } from '@contract/rules'
import { db, DEMO_PASSWORD, seedIds, seedTokens } from '@/mocks/db'
import { call, fieldsOf, refused, unchecked } from './helpers'

const newUser = {
  name: 'Ana Silva',
  email: 'ana@manabi.example',
  password: 'Secret1',
  role: 'student',
} satisfies BodyOf<typeof auth.register>
const tokenIn = (body: string) => /token=([\w-]+)/.exec(body)?.[1] ?? ''

describe('auth mocks', () => {
  it('registers with 201, sends a confirmation and rejects an existing e-mail with 409', async () => {
    const created = await call(auth.register, { as: null, json: newUser })
    expect(created.status).toBe(201)
    expect(db.outbox.map((mail) => mail.to)).toEqual(['ana@manabi.example'])

    const again = await call(auth.register, {
      json: { ...newUser, email: 'YUKI@manabi.example' },
    })
    expect(again).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Email already exists' },
    })
  })

  it('answers 400 with one message per invalid field', async () => {
    const { status, body } = await refused(auth.register, {
      as: null,
      json: unchecked({ name: '', email: 'not-an-email', password: 'short', role: 'admin' }),
    })
    expect(status).toBe(400)
    expect(body.error).toBe('Bad Request')
    expect(fieldsOf(body)).toEqual(['name', 'email', 'password', 'role'])
  })

  it('keeps an unconfirmed account out (403) until its single-use token is used', async () => {
    await call(auth.register, { as: null, json: { ...newUser, role: 'educator' } })
    const login = { email: newUser.email, password: newUser.password }
    expect((await call(auth.login, { json: login })).status).toBe(403)

    const token = tokenIn(db.outbox[0]?.body ?? '')
    expect((await call(auth.confirm, { json: { validationToken: token } })).status).toBe(200)
    const reused = await call(auth.confirm, { json: { validationToken: token } })
    expect(reused).toMatchObject({ status: 400, body: { message: ['Invalid or expired token'] } })

    const signedIn = await call(auth.login, { json: login })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({
      email: newUser.email,
      role: 'educator',
      isEmailConfirmed: true,
      isValidated: false,
    })
    expect((await call(user.me)).body.email).toBe(newUser.email)
  })

  it('answers 401 for a wrong password or unknown e-mail and 403 for the unconfirmed seed student', async () => {
    for (const json of [
      { email: 'yuki@manabi.example', password: 'Wrong1' },
      { email: 'nobody@manabi.example', password: DEMO_PASSWORD },
    ]) {
      const { status, body } = await refused(auth.login, { as: null, json })
      expect(status).toBe(401)
      expect(body.message).toBe('Invalid email or password')
    }
    const unconfirmed = await call(auth.login, {
      json: { email: 'sam@manabi.example', password: DEMO_PASSWORD },
    })
    expect(unconfirmed.status).toBe(403)
    expect(db.session.userId).toBeNull()
  })

  it('logs in and out: /user/me is 401 for a guest', async () => {
    expect((await call(user.me, { as: null })).status).toBe(401)
    const login = await call(auth.login, {
      json: { email: 'yuki@manabi.example', password: DEMO_PASSWORD, rememberMe: true },
    })
    expect(login.body.id).toBe(seedIds.student)
    expect(db.session.userId).toBe(seedIds.student)
    expect((await call(user.me)).body.name).toBe('Yuki Yamamoto')
    expect((await call(auth.logout)).status).toBe(200)
    expect((await call(user.me)).status).toBe(401)
  })

  it('answers the same reset message whether or not the address exists', async () => {
    const known = await call(auth.passwordResetEmail, {
      as: null,
      json: { email: 'yuki@manabi.example' },
    })
    const unknown = await call(auth.passwordResetEmail, {
      json: { email: 'nobody@manabi.example' },
    })
    expect(known.status).toBe(200)
    expect(unknown).toEqual({ ...known, headers: unknown.headers })
    expect(db.outbox.map((mail) => mail.to)).toEqual(['yuki@manabi.example'])
  })

  it('sets a new password once per reset token', async () => {
    const json = { password: 'Fresh123', passwordResetToken: seedTokens.reset }
    expect((await call(auth.setNewPassword, { as: null, json })).status).toBe(200)
    expect((await call(auth.setNewPassword, { json })).status).toBe(400)
    const weak = await call(auth.setNewPassword, {
      json: { password: 'alllowercase', passwordResetToken: 'x' },
    })
    expect(weak.status).toBe(400)

    const old = { email: 'yuki@manabi.example', password: DEMO_PASSWORD }
    expect((await call(auth.login, { json: old })).status).toBe(401)
    const fresh = { email: 'yuki@manabi.example', password: 'Fresh123' }
    expect((await call(auth.login, { json: fresh })).status).toBe(200)
  })

  it('updates the profile and refuses an e-mail taken by someone else', async () => {
    const updated = await call(user.updateProfile, {
      as: seedIds.educator,
      json: { name: 'Kenji T.', description: null },
    })
    expect(updated.body).toMatchObject({ name: 'Kenji T.', description: null })
    const taken = await call(user.updateProfile, {
      json: { email: 'emily@manabi.example', currentPassword: DEMO_PASSWORD },
    })
    expect(taken).toMatchObject({ status: 409, body: { message: 'Email already exists' } })
  })

  it('asks for the current password, then keeps a new address pending until its link is used', async () => {
    const missing = await call(user.updateProfile, {
      as: seedIds.student,
      json: { email: 'yuki.new@manabi.example' },
    })
    expect(missing).toMatchObject({
      status: 400,
      body: { message: ['currentPassword is required to change the email or password'] },
    })
    const wrong = await call(user.updateProfile, {
      json: { password: 'Brand1New', currentPassword: 'Wrong1password' },
    })
    expect(wrong).toMatchObject({
      status: 403,
      body: { message: 'Current password is incorrect' },
    })

    const asked = await call(user.updateProfile, {
      json: { email: 'yuki.new@manabi.example', currentPassword: DEMO_PASSWORD },
    })
    expect(asked.body).toMatchObject({
      email: 'yuki@manabi.example',
      pendingEmail: 'yuki.new@manabi.example',
    })
    expect(db.outbox.map((mail) => mail.to)).toEqual([
      'yuki.new@manabi.example',
      'yuki@manabi.example',
    ])

    const token = tokenIn(db.outbox[0]?.body ?? '')
    expect((await call(auth.confirm, { json: { validationToken: token } })).status).toBe(200)
    expect((await call(user.me)).body).toMatchObject({
      email: 'yuki.new@manabi.example',
      pendingEmail: null,
    })
  })

  it('answers 429 with Retry-After once the current password was wrong too often', async () => {
    for (let attempt = 0; attempt < REAUTH_MAX_FAILURES; attempt += 1) {
      const wrong = await call(user.updateProfile, {
        as: seedIds.student,
        json: { password: 'Brand1New', currentPassword: 'Wrong1password' },
      })
      expect(wrong.status).toBe(403)
    }
    const limited = await call(user.updateProfile, {
      as: seedIds.student,
      json: { password: 'Brand1New', currentPassword: DEMO_PASSWORD },
    })
    expect(limited.status).toBe(429)
    const waitSeconds = Number(limited.headers.get('Retry-After'))
    expect(waitSeconds).toBeGreaterThan(0)
    expect(waitSeconds).toBeLessThanOrEqual(REAUTH_WINDOW_MS / 1000)
    expect(limited.body).toMatchObject({
      message: `Too many attempts. Try again in ${waitSeconds} seconds.`,
    })
  })
})
