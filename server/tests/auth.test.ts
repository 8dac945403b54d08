import { createHash } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { ErrorBody, MessageBody } from '../../contract/common.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { CurrentUser } from '../../contract/entities.ts'
import { hash } from '@node-rs/argon2'
import {
  hashCost,
  hashPassword,
  PRODUCTION_HASH_COST,
  verifyPassword,
} from '../src/crypto/passwords.ts'
import { authSessions, outbox, users, userTokens, videoLicences } from '../src/db/schema.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import {
  APP_ORIGIN,
  bodyOf,
  createUser,
  errorOf,
  PASSWORD,
  setupTestApp,
  signIn,
} from './helpers.ts'

const context = setupTestApp()

const HOUR_MS = 60 * 60 * 1000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const newStudent = {
  name: 'Ana Silva',
  email: 'ana@manabi.example',
  password: 'Secret1',
  role: 'student',
  terms: true,
}

const mails = () => context.db.select().from(outbox).orderBy(asc(outbox.id))

/** The SPA screens the e-mail links open: pages of the app, not API endpoints. */
const CONFIRM_SCREEN = '/auth/confirmation'
const RESET_SCREEN = '/auth/reset-password'
type Screen = typeof CONFIRM_SCREEN | typeof RESET_SCREEN

/** The token of the link to `path` in an e-mail's text, checking the link's origin and path. */
const tokenIn = (text: string, path: Screen) => {
  const escaped = `${APP_ORIGIN}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const match = new RegExp(`${escaped}\\?token=([\\w-]+)`).exec(text)
  if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`)
  return match[1]
}

/** The token of the last e-mail sent. */
const lastToken = async (path: Screen) => {
  const last = (await mails()).at(-1)
  if (!last) throw new Error('No e-mail was sent')
  return tokenIn(last.text, path)
}

/** The POST calls of auth, none with path params. */
type AuthPost = Extract<(typeof auth)[keyof typeof auth], { method: 'POST' }>

const post = (descriptor: AuthPost, body: unknown, cookie?: string) =>
  context.call(descriptor, { body, ...(cookie ? { cookie } : {}) })

const login = (email: string, password: string, rememberMe?: boolean) =>
  post(auth.login, { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) })

/** The session cookie's Set-Cookie header (a sign-in also sets the browser's device cookie). */
const setCookieHeader = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie']]
    .flat()
    .filter((header) => String(header).startsWith(`${SESSION_COOKIE}=`))
    .join('\n')

const registerAndConfirm = async (body: typeof newStudent) => {
  expect((await post(auth.register, body)).statusCode).toBe(201)
  const token = await lastToken(CONFIRM_SCREEN)
  expect((await post(auth.confirm, { validationToken: token })).statusCode).toBe(200)
}

describe('POST /auth/register', () => {
  it("keeps the browser's time zone, and refuses an unknown one without creating the account", async () => {
    const refused = await post(auth.register, { ...newStudent, timezone: 'Atlantis/Capital' })
    expect(refused.statusCode).toBe(400)
    expect(await context.db.select().from(users)).toEqual([])

    const response = await post(auth.register, { ...newStudent, timezone: 'Europe/Paris' })
    expect(response.statusCode).toBe(201)
    const [user] = await context.db.select().from(users)
    expect(user?.timezone).toBe('Europe/Paris')
  })

  it('creates an unconfirmed student with an argon2id hash and e-mails a hashed 24-hour token', async () => {
    const before = Date.now()
    const response = await post(auth.register, newStudent)

    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      message: 'Registration successful. Please confirm your e-mail',
      code: 'accounts.registered',
    })
    expect(Value.Check(MessageBody, response.json())).toBe(true)

    const [user] = await context.db.select().from(users)
    expect(user).toMatchObject({
      name: 'Ana Silva',
      email: 'ana@manabi.example',
      role: 'student',
      language: 'en-US',
      timezone: 'Asia/Tokyo',
      emailConfirmedAt: null,
      description: null,
    })
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user?.passwordHash).not.toContain('Secret1')

    const sent = await mails()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      to: 'ana@manabi.example',
      subject: 'Manabi: confirm your e-mail address',
    })
    expect(sent[0]?.text).toContain('Hello Ana Silva,')
    const token = tokenIn(sent[0]?.text ?? '', CONFIRM_SCREEN)
    expect(sent[0]?.html).toContain(`${APP_ORIGIN}${CONFIRM_SCREEN}?token=${token}`)

    const [stored] = await context.db.select().from(userTokens)
    expect(stored).toMatchObject({ userId: user?.id, kind: 'confirm', usedAt: null })
    expect(stored?.tokenHash).toBe(sha256(token))
    expect(stored?.tokenHash).not.toBe(token)
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(24 * HOUR_MS - 60_000)
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR_MS + 60_000)
  })

  it('creates an unverified educator and writes the e-mail in Japanese for a jp-JP user', async () => {
    const response = await post(auth.register, {
      ...newStudent,
      name: '  山田 花子 ',
      role: 'educator',
      language: 'jp-JP',
    })
    expect(response.statusCode).toBe(201)

    const [user] = await context.db.select().from(users)
    expect(user).toMatchObject({
      name: '山田 花子',
      role: 'educator',
      language: 'jp-JP',
      approvedAt: null,
    })
    const [mail] = await mails()
    expect(mail?.subject).toBe('まなび: メールアドレスの確認')
    expect(mail?.text).toContain('山田 花子 様')
    expect(mail?.text).toContain('メールアドレスを確認する')
    expect(mail?.text).not.toContain('Hello')
    expect(tokenIn(mail?.text ?? '', CONFIRM_SCREEN)).toMatch(/^[\w-]{40,}$/)
  })

  it.each([
    ['the name is missing', { name: undefined }, 'name is required'],
    ['the name is empty', { name: '' }, 'name must NOT have fewer than 1 character'],
    ['the name is blank', { name: '   ' }, 'name must not be blank'],
    ['the name is zero-width spaces', { name: '\u200b \u200b' }, 'name must not be blank'],
    ['the e-mail is missing', { email: undefined }, 'email is required'],
    ['the e-mail is not an address', { email: 'not-an-email' }, 'email has an invalid format'],
    [
      'the e-mail has a space',
      { email: 'ana silva@manabi.example' },
      'email has an invalid format',
    ],
    ['the password is missing', { password: undefined }, 'password is required'],
    ['the password is too short', { password: 'Abcd1' }, 'password has an invalid format'],
    ['the password has no uppercase', { password: 'secret12' }, 'password has an invalid format'],
    ['the password has no lowercase', { password: 'SECRET12' }, 'password has an invalid format'],
    ['the role is missing', { role: undefined }, 'role is required'],
    ['the role is admin', { role: 'admin' }, 'role'],
    ['the language is unknown', { language: 'fr-FR' }, 'language'],
  ])('answers 400 when %s', async (_case, change, expected) => {
    const response = await post(auth.register, { ...newStudent, ...change })

    expect(response.statusCode).toBe(400)
    const body = errorOf(response)
    expect(Value.Check(ErrorBody, body)).toBe(true)
    expect(body.error).toBe('Bad Request')
    expect(Array.isArray(body.message)).toBe(true)
    expect([body.message].flat().some((message) => message.startsWith(expected))).toBe(true)
    expect(await context.db.select().from(users)).toHaveLength(0)
    expect(await mails()).toHaveLength(0)
  })

  it('lists every invalid field at once', async () => {
    const response = await post(auth.register, {
      name: '',
      email: 'nope',
      password: 'short',
      role: 'admin',
    })
    expect(response.statusCode).toBe(400)
    const messages = [errorOf(response).message].flat()
    for (const field of ['name', 'email', 'password', 'role']) {
      expect(messages.some((message) => message.startsWith(field))).toBe(true)
    }
  })

  it('answers 409 "Email already exists" for an address taken in any case', async () => {
    await createUser(context.db, { email: 'ana@manabi.example' })

    const response = await post(auth.register, { ...newStudent, email: 'ANA@Manabi.example' })

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Email already exists',
      code: 'accounts.emailExists',
      requestId: expect.any(String) as string,
    })
    expect(await context.db.select().from(users)).toHaveLength(1)
    expect(await mails()).toHaveLength(0)
  })
})

describe('POST /auth/confirm', () => {
  it('turns register → login refused → confirm → login into a signed-in user, once per token', async () => {
    await post(auth.register, newStudent)

    const refused = await login(newStudent.email, newStudent.password)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Email is not confirmed. Please confirm your e-mail address first',
      code: 'accounts.emailNotConfirmed',
      requestId: expect.any(String) as string,
    })
    expect(refused.headers['set-cookie']).toBeUndefined()

    const token = await lastToken(CONFIRM_SCREEN)
    const confirmed = await post(auth.confirm, { validationToken: token })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toEqual({
      message: 'Email confirmed',
      code: 'accounts.emailConfirmed',
    })
    const [user] = await context.db.select().from(users)
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date)
    const [stored] = await context.db.select().from(userTokens)
    expect(stored?.usedAt).toBeInstanceOf(Date)

    const reused = await post(auth.confirm, { validationToken: token })
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Invalid or expired token'],
      code: 'accounts.invalidToken',
      problems: [{ code: 'accounts.invalidToken' }],
      requestId: expect.any(String) as string,
    })

    const signedIn = await login(newStudent.email, newStudent.password)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ email: newStudent.email, isEmailConfirmed: true })
  })

  it('refuses an expired token', async () => {
    await post(auth.register, newStudent)
    const token = await lastToken(CONFIRM_SCREEN)
    await context.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })

    const response = await post(auth.confirm, { validationToken: token })

    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: ['Invalid or expired token'] })
    const [user] = await context.db.select().from(users)
    expect(user?.emailConfirmedAt).toBeNull()
  })

  it('refuses an unknown token, a password-reset token and a missing one', async () => {
    const user = await createUser(context.db, { emailConfirmedAt: null })
    await post(auth.passwordResetEmail, { email: user.email })
    const resetToken = await lastToken(RESET_SCREEN)

    for (const validationToken of ['no-such-token', resetToken]) {
      const response = await post(auth.confirm, { validationToken })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ message: ['Invalid or expired token'] })
    }
    const missing = await post(auth.confirm, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: ['validationToken is required'] })

    const [row] = await context.db.select().from(users)
    expect(row?.emailConfirmedAt).toBeNull()
  })
})

describe('POST /auth/resend-confirmation', () => {
  const SENT = 'If the address is registered and unconfirmed, a confirmation e-mail has been sent'

  it('sends a fresh working token to an unconfirmed account', async () => {
    await post(auth.register, newStudent)
    const first = await lastToken(CONFIRM_SCREEN)

    const response = await post(auth.resendConfirmation, { email: 'ANA@manabi.example' })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: SENT, code: 'accounts.confirmationSent' })
    const sent = await mails()
    expect(sent.map((mail) => mail.to)).toEqual([newStudent.email, newStudent.email])
    const second = await lastToken(CONFIRM_SCREEN)
    expect(second).not.toBe(first)
    expect((await post(auth.confirm, { validationToken: second })).statusCode).toBe(200)
    // Once the address is confirmed, the older link is retired too.
    expect((await post(auth.confirm, { validationToken: first })).statusCode).toBe(400)
  })

  it('answers the same for an unknown or an already confirmed address, and sends nothing', async () => {
    const confirmed = await createUser(context.db)

    const unknown = await post(auth.resendConfirmation, { email: 'nobody@manabi.example' })
    const known = await post(auth.resendConfirmation, { email: confirmed.email })

    expect(unknown.statusCode).toBe(200)
    expect(known.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ message: SENT, code: 'accounts.confirmationSent' })
    expect(known.body).toBe(unknown.body)
    expect(await mails()).toHaveLength(0)
  })

  it('answers 400 for an invalid address', async () => {
    const response = await post(auth.resendConfirmation, { email: 'nope' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: ['email has an invalid format'] })
  })
})

describe('POST /auth/login', () => {
  it('signs in with a browser-session cookie (HttpOnly, SameSite=Lax, no Max-Age) and answers the current user', async () => {
    const student = await createUser(context.db, { name: 'Yuki Yamamoto' })

    const response = await login(student.email.toUpperCase(), PASSWORD)

    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(CurrentUser, body)).toBe(true)
    expect(body).toEqual({
      id: student.id,
      name: 'Yuki Yamamoto',
      email: student.email,
      description: null,
      role: 'student',
      language: 'en-US',
      isEmailConfirmed: true,
      pendingEmail: null,
      isValidated: true,
      isVideoConferenceConnected: false,
      videoLicence: null,
      timezone: 'Asia/Tokyo',
      deactivation: null,
    })
    expect(body).not.toHaveProperty('passwordHash')
    expect(body).not.toHaveProperty('reauthFailures')

    const header = setCookieHeader(response)
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{40,};`))
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).toContain('Path=/')
    expect(header).not.toContain('Max-Age')
    expect(header).not.toContain('Expires')
    // Secure only in production; the tests run with NODE_ENV=test.
    expect(header).not.toContain('Secure')

    const [session] = await context.db.select().from(authSessions)
    expect(session).toMatchObject({ userId: student.id, persistent: false })
    const cookie = [response.cookies].flat().find((item) => item.name === SESSION_COOKIE)
    expect(session?.tokenHash).toBe(sha256(cookie?.value ?? ''))

    const me = await context.call(user.me, { cookie: `${SESSION_COOKIE}=${cookie?.value}` })
    expect(me.json()).toMatchObject({ id: student.id })
  })

  it('keeps a rememberMe session for 30 days with a persistent cookie', async () => {
    const student = await createUser(context.db)

    const response = await login(student.email, PASSWORD, true)

    expect(response.statusCode).toBe(200)
    const header = setCookieHeader(response)
    expect(header).toContain('Max-Age=2592000')
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    const [session] = await context.db.select().from(authSessions)
    expect(session?.persistent).toBe(true)
    const lifetime = (session?.expiresAt.getTime() ?? 0) - Date.now()
    expect(lifetime).toBeGreaterThan(30 * 24 * HOUR_MS - 60_000)
    expect(lifetime).toBeLessThanOrEqual(30 * 24 * HOUR_MS)
  })

  it('treats rememberMe false like no rememberMe', async () => {
    const student = await createUser(context.db)
    const response = await login(student.email, PASSWORD, false)
    expect(response.statusCode).toBe(200)
    expect(setCookieHeader(response)).not.toContain('Max-Age')
  })

  it('answers the current user with the licence an educator holds', async () => {
    const [licence] = await context.db
      .insert(videoLicences)
      .values({ provider: 'zoom', accountEmail: 'zoom1@manabi.example' })
      .returning()
    const educator = await createUser(context.db, {
      role: 'educator',
      description: 'I teach piano',
      language: 'jp-JP',
      videoLicenceId: licence?.id ?? null,
    })

    const response = await login(educator.email, PASSWORD)

    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      role: 'educator',
      description: 'I teach piano',
      language: 'jp-JP',
      isValidated: true,
      isVideoConferenceConnected: true,
      videoLicence: { id: licence?.id, provider: 'zoom', accountEmail: 'zoom1@manabi.example' },
    })
  })

  it('lets an unverified educator in, marked not validated', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const response = await login(educator.email, PASSWORD)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ role: 'educator', isValidated: false })
  })

  it('answers 401 with the same body for a wrong password and an unknown e-mail, setting no cookie', async () => {
    const student = await createUser(context.db)

    const wrongPassword = await login(student.email, 'Wrong123')
    const unknownEmail = await login('nobody@manabi.example', PASSWORD)

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid email or password',
        code: 'accounts.invalidCredentials',
        requestId: expect.any(String) as string,
      })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    expect(await context.db.select().from(authSessions)).toHaveLength(0)
  })

  it('answers 401, not 403, for a wrong password on an unconfirmed account', async () => {
    const unconfirmed = await createUser(context.db, { emailConfirmedAt: null })
    const response = await login(unconfirmed.email, 'Wrong123')
    expect(response.statusCode).toBe(401)
  })

  it('answers 400 when the e-mail or password is missing', async () => {
    const noPassword = await post(auth.login, { email: 'ana@manabi.example' })
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json()).toMatchObject({ message: ['password is required'] })
    const emptyEmail = await post(auth.login, { email: '', password: PASSWORD })
    expect(emptyEmail.statusCode).toBe(400)
    expect([errorOf(emptyEmail).message].flat()[0]).toMatch(/^email/)
  })
})

describe('GET /auth/logout', () => {
  it('ends the session, clears the cookie and turns the old cookie into a guest', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)

    const response = await context.call(auth.logout, { cookie })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out', code: 'accounts.loggedOut' })
    const header = setCookieHeader(response)
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=;`))
    expect(header).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    expect(await context.db.select().from(authSessions)).toHaveLength(0)
    const me = await context.call(user.me, { cookie })
    expect(me.statusCode).toBe(401)
  })

  it('answers 200 to a guest', async () => {
    const response = await context.call(auth.logout)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Logged out', code: 'accounts.loggedOut' })
  })

  it('ends only the session it is called with', async () => {
    const student = await createUser(context.db)
    const laptop = await signIn(context, student)
    const phone = await signIn(context, student)

    await context.call(auth.logout, { cookie: laptop })

    expect((await context.call(user.me, { cookie: phone })).statusCode).toBe(200)
  })
})

describe('POST /auth/password-reset-email', () => {
  const SENT = 'If the address is registered, a password-reset e-mail has been sent'

  it('e-mails a hashed, one-hour reset link to an existing account', async () => {
    const student = await createUser(context.db, { name: 'Yuki Yamamoto' })
    const before = Date.now()

    const response = await post(auth.passwordResetEmail, {
      email: student.email.toUpperCase(),
    })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: SENT, code: 'accounts.resetSent' })
    const [mail] = await mails()
    expect(mail).toMatchObject({ to: student.email, subject: 'Manabi: reset your password' })
    expect(mail?.text).toContain('Hello Yuki Yamamoto,')
    const token = tokenIn(mail?.text ?? '', RESET_SCREEN)
    const [stored] = await context.db.select().from(userTokens)
    expect(stored).toMatchObject({ userId: student.id, kind: 'reset', usedAt: null })
    expect(stored?.tokenHash).toBe(sha256(token))
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - before
    expect(lifetime).toBeGreaterThan(HOUR_MS - 60_000)
    expect(lifetime).toBeLessThanOrEqual(HOUR_MS + 60_000)
  })

  it('writes the reset e-mail in Japanese for a jp-JP user', async () => {
    const student = await createUser(context.db, { name: '佐藤 健', language: 'jp-JP' })
    await post(auth.passwordResetEmail, { email: student.email })
    const [mail] = await mails()
    expect(mail?.subject).toBe('まなび: パスワードの再設定')
    expect(mail?.text).toContain('佐藤 健 様')
    expect(mail?.text).toContain('パスワードを再設定する')
    expect(tokenIn(mail?.text ?? '', RESET_SCREEN)).toMatch(/^[\w-]{40,}$/)
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const student = await createUser(context.db)
    const known = await post(auth.passwordResetEmail, { email: student.email })
    const unknown = await post(auth.passwordResetEmail, { email: 'nobody@manabi.example' })

    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    expect((await mails()).map((mail) => mail.to)).toEqual([student.email])
  })

  it('answers 400 for an invalid or missing address', async () => {
    for (const body of [{ email: 'nope' }, {}]) {
      const response = await post(auth.passwordResetEmail, body)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message[0]).toMatch(/^email/)
    }
  })
})

describe('POST /auth/set-new-password', () => {
  it('sets the new password once: the old one stops working and every session ends', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)
    await post(auth.passwordResetEmail, { email: student.email })
    const token = await lastToken(RESET_SCREEN)

    const response = await post(auth.setNewPassword, {
      password: 'Fresh123',
      passwordResetToken: token,
    })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      message: 'Password changed',
      code: 'accounts.passwordChanged',
    })
    const [row] = await context.db.select().from(users).where(eq(users.id, student.id))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordHash).not.toBe(student.passwordHash)

    expect((await login(student.email, PASSWORD)).statusCode).toBe(401)
    expect((await login(student.email, 'Fresh123')).statusCode).toBe(200)
    expect((await context.call(user.me, { cookie })).statusCode).toBe(401)

    const reused = await post(auth.setNewPassword, {
      password: 'Another123',
      passwordResetToken: token,
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['Invalid or expired token'],
      code: 'accounts.invalidToken',
      problems: [{ code: 'accounts.invalidToken' }],
      requestId: expect.any(String) as string,
    })
    expect((await login(student.email, 'Another123')).statusCode).toBe(401)
  })

  it('refuses an expired token and keeps the old password', async () => {
    const student = await createUser(context.db)
    await post(auth.passwordResetEmail, { email: student.email })
    const token = await lastToken(RESET_SCREEN)
    await context.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) })

    const response = await post(auth.setNewPassword, {
      password: 'Fresh123',
      passwordResetToken: token,
    })

    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: ['Invalid or expired token'] })
    expect((await login(student.email, PASSWORD)).statusCode).toBe(200)
    expect((await login(student.email, 'Fresh123')).statusCode).toBe(401)
  })

  it('refuses an unknown token and a confirmation token', async () => {
    await post(auth.register, newStudent)
    const confirmToken = await lastToken(CONFIRM_SCREEN)
    for (const passwordResetToken of ['no-such-token', confirmToken]) {
      const response = await post(auth.setNewPassword, {
        password: 'Fresh123',
        passwordResetToken,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ message: ['Invalid or expired token'] })
    }
  })

  it('refuses a weak password without using up the token', async () => {
    const student = await createUser(context.db)
    await post(auth.passwordResetEmail, { email: student.email })
    const token = await lastToken(RESET_SCREEN)

    for (const password of ['short', 'alllowercase1', 'ALLUPPERCASE1']) {
      const weak = await post(auth.setNewPassword, { password, passwordResetToken: token })
      expect(weak.statusCode).toBe(400)
      expect(weak.json()).toMatchObject({ message: ['password has an invalid format'] })
    }
    const missing = await post(auth.setNewPassword, { password: 'Fresh123' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: ['passwordResetToken is required'] })

    const good = await post(auth.setNewPassword, {
      password: 'Fresh123',
      passwordResetToken: token,
    })
    expect(good.statusCode).toBe(200)
  })

  it('retires an older reset link once a newer one has been used', async () => {
    const student = await createUser(context.db)
    await post(auth.passwordResetEmail, { email: student.email })
    const older = await lastToken(RESET_SCREEN)
    await post(auth.passwordResetEmail, { email: student.email })
    const newer = await lastToken(RESET_SCREEN)
    expect(newer).not.toBe(older)

    const used = await post(auth.setNewPassword, {
      password: 'Fresh123',
      passwordResetToken: newer,
    })
    expect(used.statusCode).toBe(200)
    const stale = await post(auth.setNewPassword, {
      password: 'Other123',
      passwordResetToken: older,
    })
    expect(stale.statusCode).toBe(400)
    expect((await login(student.email, 'Fresh123')).statusCode).toBe(200)
  })
})

describe('the auth calls are public: every caller gets the same answers', () => {
  const callers = ['guest', 'student', 'unverified educator', 'educator', 'admin'] as const

  it.each(callers)('as %s', async (caller) => {
    let cookie: string | undefined
    if (caller !== 'guest') {
      const role = caller === 'unverified educator' ? 'educator' : caller
      const account = await createUser(context.db, {
        role,
        ...(caller === 'unverified educator' ? { approvedAt: null } : {}),
      })
      cookie = await signIn(context, account)
      expect((await context.call(user.me, { cookie })).json()).toMatchObject({ id: account.id })
    }
    const statuses = {
      register: (await post(auth.register, newStudent, cookie)).statusCode,
      confirm: (await post(auth.confirm, { validationToken: 'bad' }, cookie)).statusCode,
      resend: (await post(auth.resendConfirmation, { email: newStudent.email }, cookie)).statusCode,
      resetEmail: (await post(auth.passwordResetEmail, { email: newStudent.email }, cookie))
        .statusCode,
      setPassword: (
        await post(auth.setNewPassword, { password: 'Fresh123', passwordResetToken: 'bad' }, cookie)
      ).statusCode,
      logout: (await context.call(auth.logout, { cookie })).statusCode,
    }
    expect(statuses).toEqual({
      register: 201,
      confirm: 400,
      resend: 200,
      resetEmail: 200,
      setPassword: 400,
      logout: 200,
    })
  })
})

describe('the whole account life', () => {
  it('registers, confirms, logs in, resets the password and logs in with the new one', async () => {
    await registerAndConfirm(newStudent)
    const signedIn = await login(newStudent.email, newStudent.password, true)
    expect(signedIn.statusCode).toBe(200)

    await post(auth.passwordResetEmail, { email: newStudent.email })
    const token = await lastToken(RESET_SCREEN)
    expect(
      (await post(auth.setNewPassword, { password: 'Changed1', passwordResetToken: token }))
        .statusCode,
    ).toBe(200)

    expect((await login(newStudent.email, newStudent.password)).statusCode).toBe(401)
    const again = await login(newStudent.email, 'Changed1')
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ email: newStudent.email, role: 'student' })
  })
})

describe('password hashing', () => {
  it("hashes at OWASP's argon2id cost wherever the product runs, and cheaply only under Vitest", async () => {
    expect(hashCost({})).toBe(PRODUCTION_HASH_COST)
    expect(hashCost({ NODE_ENV: 'production' })).toBe(PRODUCTION_HASH_COST)
    expect(hashCost({ NODE_ENV: 'test' })).toBe(PRODUCTION_HASH_COST)
    expect(hashCost({ VITEST: 'true', NODE_ENV: 'test' }).memoryCost).toBeLessThan(19_456)
    const strong = await hash('Secret1pass', PRODUCTION_HASH_COST)
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    // A hash names its own cost: one made at either cost verifies.
    expect(await verifyPassword(strong, 'Secret1pass')).toBe(true)
    expect(await verifyPassword(await hashPassword('Secret1pass'), 'Secret1pass')).toBe(true)
    expect(await verifyPassword(strong, 'Secret1pasS')).toBe(false)
  })
})
