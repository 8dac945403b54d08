import { createHash } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBody } from '../../contract/common.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { CurrentUser } from '../../contract/entities.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { REAUTH_MAX_FAILURES, REAUTH_WINDOW_MS } from '../../contract/rules.ts'
import { authSessions, outbox, users, userTokens } from '../src/db/schema.ts'
import {
  APP_ORIGIN,
  bodyOf,
  createUser,
  errorOf,
  PASSWORD,
  setupTestApp,
  signIn,
  type ApiResponse,
} from './helpers.ts'

/**
 * Changing the password or the e-mail asks for the current password, with a per-account limit
 * on wrong ones; a new e-mail replaces the old one only once confirmed from its own mailbox, and
 * the old address is told; a changed password signs the other devices out and tells the owner.
 */
const context = setupTestApp()

const HOUR_MS = 60 * 60 * 1000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

afterEach(() => {
  vi.useRealTimers()
})

const updateProfile = (cookie: string, body: unknown) =>
  context.call(user.updateProfile, { body, cookie })
const me = (cookie: string) => context.call(user.me, { cookie })
const withdraw = (cookie: string | undefined) =>
  context.call(user.withdrawEmailChange, cookie === undefined ? {} : { cookie })
const login = (email: string, password: string) =>
  context.call(auth.login, { body: { email, password } })
const confirm = (validationToken: string) =>
  context.call(auth.confirm, { body: { validationToken } })

const mails = () => context.db.select().from(outbox).orderBy(asc(outbox.id))
const tokens = () => context.db.select().from(userTokens).orderBy(asc(userTokens.id))
const userRow = async (id: number) => {
  const [row] = await context.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error(`No user ${id}`)
  return row
}

/** The token of the confirmation link in an e-mail's text (origin and path checked). */
const confirmationToken = (text: string) => {
  const match = /http:\/\/localhost:3000\/auth\/confirmation\?token=([\w-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`No confirmation link in: ${text}`)
  return match[1]
}

const expectRefusal = (response: ApiResponse, status: number, message: string | string[]) => {
  expect(response.statusCode).toBe(status)
  const body = errorOf(response)
  expect(Value.Check(ErrorBody, body)).toBe(true)
  expect(body.message).toEqual(message)
}

const REQUIRED = [MESSAGES.accounts.currentPasswordRequired.text]

/** A signed-in student (or another role) with two devices: this one and another. */
const signedIn = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const account = await createUser(context.db, overrides)
  const cookie = await signIn(context, account)
  const otherDevice = await signIn(context, account)
  return { account, cookie, otherDevice }
}

describe('changing the password needs the current one', () => {
  it.each([
    ['without a current password', {}, 400, REQUIRED],
    ['with an empty current password', { currentPassword: '' }, 400, REQUIRED],
    [
      'with a wrong current password',
      { currentPassword: 'Wrong1password' },
      403,
      MESSAGES.accounts.wrongCurrentPassword.text,
    ],
  ])('refuses it %s and changes nothing', async (_case, extra, status, message) => {
    const { account, cookie, otherDevice } = await signedIn()

    const response = await updateProfile(cookie, { password: 'Brand1New', name: 'New', ...extra })

    expectRefusal(response, status, message)
    // Not a 401: the session stays signed in, on both devices.
    expect((await me(cookie)).statusCode).toBe(200)
    expect((await me(otherDevice)).statusCode).toBe(200)
    expect(await userRow(account.id)).toMatchObject({
      passwordHash: account.passwordHash,
      name: account.name,
    })
    expect((await login(account.email, PASSWORD)).statusCode).toBe(200)
    expect(await mails()).toEqual([])
  })

  it('changes it with the right one: other sessions end, this one stays, the owner is told', async () => {
    const { account, cookie, otherDevice } = await signedIn({ name: 'Ana Silva' })

    const response = await updateProfile(cookie, {
      password: 'Brand1New',
      currentPassword: PASSWORD,
    })

    expect(response.statusCode).toBe(200)
    expect(Value.Check(CurrentUser, bodyOf(response))).toBe(true)
    expect((await me(cookie)).statusCode).toBe(200)
    expect((await me(otherDevice)).statusCode).toBe(401)
    expect(await context.db.select().from(authSessions)).toHaveLength(1)
    expect((await login(account.email, PASSWORD)).statusCode).toBe(401)
    expect((await login(account.email, 'Brand1New')).statusCode).toBe(200)

    const sent = await mails()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      to: account.email,
      subject: 'Manabi: your password was changed',
      sentAt: null,
    })
    expect(sent[0]?.text).toBe(
      [
        'Hello Ana Silva,',
        '',
        'The password of your account was changed, and your other devices were signed out.',
        'If this was not you, reset your password now with the link below.',
        '',
        `Reset my password: ${APP_ORIGIN}/auth/forgot-password`,
      ].join('\n'),
    )
    expect(sent[0]?.text).not.toContain('Brand1New')
  })

  it('tells a jp-JP owner in Japanese, in the language the same form sets', async () => {
    const { cookie } = await signedIn({ name: '田中' })

    await updateProfile(cookie, {
      password: 'Brand1New',
      currentPassword: PASSWORD,
      language: 'jp-JP',
    })

    const [sent] = await mails()
    expect(sent?.subject).toBe('まなび: パスワードが変更されました')
    expect(sent?.text).toContain('田中 様')
    expect(sent?.text).toContain('アカウントのパスワードが変更されました。')
    expect(sent?.text).toContain(`パスワードを再設定する: ${APP_ORIGIN}/auth/forgot-password`)
  })

  it('needs no password for the name, bio, language or the same address in another case', async () => {
    const { account, cookie, otherDevice } = await signedIn({
      role: 'educator',
      email: 'kenji@manabi.example',
    })

    const response = await updateProfile(cookie, {
      name: 'Kenji T.',
      description: 'Shamisen',
      language: 'jp-JP',
      email: 'Kenji@Manabi.example',
    })

    expect(response.statusCode).toBe(200)
    expect(bodyOf(response)).toMatchObject({
      name: 'Kenji T.',
      description: 'Shamisen',
      language: 'jp-JP',
      email: 'Kenji@Manabi.example',
      pendingEmail: null,
    })
    expect((await me(otherDevice)).statusCode).toBe(200)
    expect((await userRow(account.id)).passwordHash).toBe(account.passwordHash)
    expect(await mails()).toEqual([])
    expect(await tokens()).toEqual([])
  })
})

describe('a new e-mail address waits for its confirmation', () => {
  it.each([
    ['without a current password', {}, 400, REQUIRED],
    [
      'with a wrong current password',
      { currentPassword: 'Wrong1password' },
      403,
      MESSAGES.accounts.wrongCurrentPassword.text,
    ],
  ])('is refused %s: nothing pending, nothing sent', async (_case, extra, status, message) => {
    const { account, cookie } = await signedIn()

    const response = await updateProfile(cookie, { email: 'new@manabi.example', ...extra })

    expectRefusal(response, status, message)
    expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: null })
    expect(await mails()).toEqual([])
    expect(await tokens()).toEqual([])
  })

  it('is pending until confirmed: a 24-hour link to the new address, a notice to the old', async () => {
    const at = new Date('2031-05-06T07:08:09.000Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
    const { account, cookie } = await signedIn({ name: 'Ana Silva', email: 'ana@manabi.example' })

    const response = await updateProfile(cookie, {
      email: 'Ana.New@Manabi.example',
      currentPassword: PASSWORD,
    })

    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(CurrentUser, body)).toBe(true)
    expect(body).toMatchObject({
      email: 'ana@manabi.example',
      pendingEmail: 'Ana.New@Manabi.example',
    })
    expect((await me(cookie)).json()).toMatchObject({ pendingEmail: 'Ana.New@Manabi.example' })
    // No change without confirmation: the old address still signs in, the new one does not.
    expect((await login('ana@manabi.example', PASSWORD)).statusCode).toBe(200)
    expect((await login('Ana.New@Manabi.example', PASSWORD)).statusCode).toBe(401)

    const sent = await mails()
    expect(sent.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: 'Ana.New@Manabi.example', subject: 'Manabi: confirm your new e-mail address' },
      {
        to: 'ana@manabi.example',
        subject: 'Manabi: a change of your e-mail address was requested',
      },
    ])
    const token = confirmationToken(sent[0]?.text ?? '')
    expect(sent[0]?.text).toContain(
      'We received a request to change the e-mail address of your Manabi account to Ana.New@Manabi.example.',
    )
    expect(sent[0]?.text).toContain('valid for 24 hours')
    expect(sent[1]?.text).toBe(
      [
        'Hello Ana Silva,',
        '',
        'Someone signed in to your account asked to change its e-mail address to Ana.New@Manabi.example. This address stays in use until the new one is confirmed.',
        'If this was not you, reset your password now with the link below: that cancels the change and signs out every device.',
        '',
        `Reset my password: ${APP_ORIGIN}/auth/forgot-password`,
      ].join('\n'),
    )
    // The notice carries no link that could confirm the change.
    expect(sent[1]?.text).not.toContain(token)

    const [stored] = await tokens()
    expect(stored).toMatchObject({
      userId: account.id,
      kind: 'email_change',
      email: 'Ana.New@Manabi.example',
      tokenHash: sha256(token),
      usedAt: null,
      expiresAt: new Date(at.getTime() + 24 * HOUR_MS),
    })
  })

  it('writes both e-mails in Japanese for a jp-JP user', async () => {
    const { cookie } = await signedIn({ name: '田中', language: 'jp-JP' })

    await updateProfile(cookie, { email: 'tanaka@manabi.example', currentPassword: PASSWORD })

    const [toNew, toOld] = await mails()
    expect(toNew?.subject).toBe('まなび: 新しいメールアドレスの確認')
    expect(toNew?.text).toContain('田中 様')
    expect(toNew?.text).toContain('tanaka@manabi.example に変更するリクエストを受け付けました。')
    expect(toNew?.text).toContain(
      '新しいメールアドレスを確認する: http://localhost:3000/auth/confirmation?token=',
    )
    expect(toOld?.subject).toBe('まなび: メールアドレス変更のリクエスト')
    expect(toOld?.text).toContain(
      'アカウントのメールアドレスを tanaka@manabi.example に変更するリクエストがありました。新しいアドレスで確認されるまで、このアドレスが引き続き使われます。',
    )
    expect(toOld?.text).toContain(`パスワードを再設定する: ${APP_ORIGIN}/auth/forgot-password`)
  })

  it('swaps the address once the link is opened, even signed out; the link works once', async () => {
    const { account, cookie } = await signedIn({ email: 'ana@manabi.example' })
    await updateProfile(cookie, { email: 'ana.new@manabi.example', currentPassword: PASSWORD })
    const token = confirmationToken((await mails())[0]?.text ?? '')

    const confirmed = await confirm(token)

    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toEqual({
      message: MESSAGES.accounts.emailConfirmed.text,
      code: 'accounts.emailConfirmed',
    })
    expect((await me(cookie)).json()).toMatchObject({
      email: 'ana.new@manabi.example',
      pendingEmail: null,
      isEmailConfirmed: true,
    })
    expect((await login('ana.new@manabi.example', PASSWORD)).statusCode).toBe(200)
    expect((await login('ana@manabi.example', PASSWORD)).statusCode).toBe(401)
    expect((await userRow(account.id)).emailConfirmedAt).not.toBeNull()

    expectRefusal(await confirm(token), 400, [MESSAGES.accounts.invalidToken.text])
    expect((await userRow(account.id)).email).toBe('ana.new@manabi.example')
  })

  it('refuses an expired link (after exactly 24 hours) and keeps the old address', async () => {
    const at = new Date('2031-05-06T07:08:09.000Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
    const { account, cookie } = await signedIn()
    await updateProfile(cookie, { email: 'late@manabi.example', currentPassword: PASSWORD })
    const token = confirmationToken((await mails())[0]?.text ?? '')

    vi.setSystemTime(at.getTime() + 24 * HOUR_MS)
    expectRefusal(await confirm(token), 400, [MESSAGES.accounts.invalidToken.text])
    expect(await userRow(account.id)).toMatchObject({
      email: account.email,
      pendingEmail: 'late@manabi.example',
    })

    // A millisecond earlier the same link would still have worked.
    vi.setSystemTime(at.getTime() + 24 * HOUR_MS - 1)
    expect((await confirm(token)).statusCode).toBe(200)
    expect((await userRow(account.id)).email).toBe('late@manabi.example')
  })

  it('only confirms the newest address asked for: an older link is dead', async () => {
    const { account, cookie } = await signedIn()
    await updateProfile(cookie, { email: 'first@manabi.example', currentPassword: PASSWORD })
    const first = confirmationToken((await mails())[0]?.text ?? '')
    await updateProfile(cookie, { email: 'second@manabi.example', currentPassword: PASSWORD })
    const second = confirmationToken((await mails())[2]?.text ?? '')

    expectRefusal(await confirm(first), 400, [MESSAGES.accounts.invalidToken.text])
    expect((await userRow(account.id)).email).toBe(account.email)
    expect((await confirm(second)).statusCode).toBe(200)
    expect((await userRow(account.id)).email).toBe('second@manabi.example')
  })

  it('answers 409 when another account holds the address at the request, sending nothing', async () => {
    await createUser(context.db, { email: 'taken@manabi.example' })
    const { account, cookie } = await signedIn()

    const response = await updateProfile(cookie, {
      email: 'TAKEN@manabi.example',
      currentPassword: PASSWORD,
    })

    expectRefusal(response, 409, MESSAGES.accounts.emailExists.text)
    expect((await userRow(account.id)).pendingEmail).toBeNull()
    expect(await mails()).toEqual([])
  })

  it('checks the password before saying whether an address is taken', async () => {
    await createUser(context.db, { email: 'taken@manabi.example' })
    const { cookie } = await signedIn()

    const response = await updateProfile(cookie, {
      email: 'taken@manabi.example',
      currentPassword: 'Wrong1password',
    })

    expectRefusal(response, 403, MESSAGES.accounts.wrongCurrentPassword.text)
  })

  it('answers 409 when the address was taken before the link was opened, dropping the request', async () => {
    const { account, cookie } = await signedIn()
    await updateProfile(cookie, { email: 'wanted@manabi.example', currentPassword: PASSWORD })
    const token = confirmationToken((await mails())[0]?.text ?? '')
    // Someone registers the address meanwhile (a pending address reserves nothing).
    expect(
      (
        await context.call(auth.register, {
          body: {
            name: 'Quick',
            email: 'Wanted@manabi.example',
            password: 'Secret1',
            role: 'student',
          },
        })
      ).statusCode,
    ).toBe(201)

    expectRefusal(await confirm(token), 409, MESSAGES.accounts.emailExists.text)
    expect(await userRow(account.id)).toMatchObject({ email: account.email, pendingEmail: null })
    expectRefusal(await confirm(token), 400, [MESSAGES.accounts.invalidToken.text])
  })

  it('is withdrawn by its owner: the link dies, the address in use stays; twice is harmless', async () => {
    const { account, cookie } = await signedIn()
    await updateProfile(cookie, { email: 'typo@manabi.example', currentPassword: PASSWORD })
    const token = confirmationToken((await mails())[0]?.text ?? '')

    const withdrawn = await withdraw(cookie)
    expect(withdrawn.statusCode).toBe(200)
    expect(Value.Check(CurrentUser, withdrawn.json())).toBe(true)
    expect(withdrawn.json()).toMatchObject({ email: account.email, pendingEmail: null })
    expect((await userRow(account.id)).pendingEmail).toBeNull()
    expectRefusal(await confirm(token), 400, [MESSAGES.accounts.invalidToken.text])
    expect((await userRow(account.id)).email).toBe(account.email)

    expect((await withdraw(cookie)).json()).toMatchObject({
      email: account.email,
      pendingEmail: null,
    })
    expect(await mails()).toHaveLength(2)
    expectRefusal(await withdraw(undefined), 401, MESSAGES.http.unauthorized.text)
  })

  it('withdrawn in a race with its link, ends either changed or withdrawn, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { account, cookie } = await signedIn()
      const wanted = `race${round}@manabi.example`
      await updateProfile(cookie, { email: wanted, currentPassword: PASSWORD })
      const sent = (await mails()).filter((mail) => mail.to === wanted)
      const token = confirmationToken(sent.at(-1)?.text ?? '')

      const [confirmed, withdrawn] = await Promise.all([confirm(token), withdraw(cookie)])
      expect(withdrawn.statusCode).toBe(200)
      const row = await userRow(account.id)
      expect(row.pendingEmail).toBeNull()
      expect(row.email).toBe(confirmed.statusCode === 200 ? wanted : account.email)
    }
  })

  it('is cancelled by a password reset, which the notice offers', async () => {
    const { account, cookie } = await signedIn()
    await updateProfile(cookie, { email: 'thief@manabi.example', currentPassword: PASSWORD })
    const stolen = confirmationToken((await mails())[0]?.text ?? '')

    await context.call(auth.passwordResetEmail, { body: { email: account.email } })
    const resetMail = (await mails()).at(-1)?.text ?? ''
    const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail)?.[1] ?? ''
    const reset = await context.call(auth.setNewPassword, {
      body: { password: 'Mine1again', passwordResetToken: resetToken },
    })
    expect(reset.statusCode).toBe(200)

    expect((await userRow(account.id)).pendingEmail).toBeNull()
    expectRefusal(await confirm(stolen), 400, [MESSAGES.accounts.invalidToken.text])
    expect((await userRow(account.id)).email).toBe(account.email)
  })
})

describe('wrong current passwords are limited per account', () => {
  const wrong = (cookie: string) =>
    updateProfile(cookie, { password: 'Brand1New', currentPassword: 'Wrong1password' })
  const right = (cookie: string) =>
    updateProfile(cookie, { password: 'Brand1New', currentPassword: PASSWORD })

  it(`allows ${REAUTH_MAX_FAILURES} wrong ones per window, then 429 even for the right one until it ends`, async () => {
    const at = new Date('2031-05-06T07:08:09.000Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
    const { account, cookie } = await signedIn()

    for (let attempt = 1; attempt <= REAUTH_MAX_FAILURES; attempt += 1) {
      expect((await wrong(cookie)).statusCode).toBe(403)
    }
    const locked = await right(cookie)
    expectRefusal(
      locked,
      429,
      MESSAGES.http.tooManyAttempts({ count: REAUTH_WINDOW_MS / 1000 }).text,
    )
    expect(locked.headers['retry-after']).toBe(String(REAUTH_WINDOW_MS / 1000))

    // The edits that need no password go on; the session is not ended.
    expect((await updateProfile(cookie, { name: 'Still Here' })).statusCode).toBe(200)

    vi.setSystemTime(at.getTime() + REAUTH_WINDOW_MS - 1)
    expectRefusal(await right(cookie), 429, MESSAGES.http.tooManyAttempts({ count: 1 }).text)
    expect((await userRow(account.id)).passwordHash).toBe(account.passwordHash)

    vi.setSystemTime(at.getTime() + REAUTH_WINDOW_MS)
    expect((await right(cookie)).statusCode).toBe(200)
    expect(await userRow(account.id)).toMatchObject({ reauthFailures: 0, reauthWindowStart: null })
  })

  it('forgets the wrong ones once the right one is given', async () => {
    const { cookie } = await signedIn()
    for (let attempt = 1; attempt < REAUTH_MAX_FAILURES; attempt += 1) {
      expect((await wrong(cookie)).statusCode).toBe(403)
    }
    expect(
      (await updateProfile(cookie, { email: 'new@manabi.example', currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(200)
    for (let attempt = 1; attempt <= REAUTH_MAX_FAILURES; attempt += 1) {
      expect((await wrong(cookie)).statusCode).toBe(403)
    }
    expect((await wrong(cookie)).statusCode).toBe(429)
  })

  it('counts parallel guesses too: no more than the limit is ever checked', async () => {
    const { cookie } = await signedIn()

    const answers = await Promise.all(
      Array.from({ length: REAUTH_MAX_FAILURES * 2 }, () => wrong(cookie)),
    )

    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses.filter((status) => status === 403)).toHaveLength(REAUTH_MAX_FAILURES)
    expect(statuses.filter((status) => status === 429)).toHaveLength(REAUTH_MAX_FAILURES)
  })

  it('counts per account: another account is not held back', async () => {
    const first = await signedIn()
    const second = await signedIn()
    for (let attempt = 1; attempt <= REAUTH_MAX_FAILURES; attempt += 1) await wrong(first.cookie)
    expect((await wrong(first.cookie)).statusCode).toBe(429)
    expect((await right(second.cookie)).statusCode).toBe(200)
  })
})
