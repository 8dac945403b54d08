import { asc, eq, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { CurrentUser } from '../../contract/entities.ts'
import { canonicalTimeZone } from '../../contract/rules.ts'
import { authSessions, outbox, users, videoLicences } from '../src/db/schema.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import {
  bodyOf,
  createUser,
  errorOf,
  PASSWORD,
  setupTestApp,
  signIn,
  type UserFixture,
} from './helpers.ts'

const context = setupTestApp()

const me = (cookie?: string) => context.call(user.me, { ...(cookie ? { cookie } : {}) })

const updateProfile = (cookie: string | undefined, body: unknown) =>
  context.call(user.updateProfile, { body, ...(cookie ? { cookie } : {}) })

const reassign = (cookie?: string) =>
  context.call(user.reassignOwnVideoLicence, { ...(cookie ? { cookie } : {}) })

const login = (email: string, password: string) =>
  context.call(auth.login, { body: { email, password } })

/** `count` licences, numbered from `first` in their account e-mails. */
const addLicences = async (count: number, first = 1) =>
  context.db
    .insert(videoLicences)
    .values(
      Array.from({ length: count }, (_, index) => ({
        provider: (first + index) % 2 === 1 ? 'zoom' : 'google_meet',
        accountEmail: `licence${first + index}@manabi.example`,
      })),
    )
    .returning()

const userRow = async (id: number) => {
  const [row] = await context.db.select().from(users).where(eq(users.id, id))
  return row
}

type Caller =
  'guest' | 'student' | 'unverified educator' | 'educator' | 'another educator' | 'admin'

/** Creates the caller (educators verified unless told) and signs it in; a guest has no cookie. */
const callerOf = async (
  caller: Caller,
): Promise<{ user: UserFixture | null; cookie: string | undefined }> => {
  if (caller === 'guest') return { user: null, cookie: undefined }
  const role = caller.endsWith('educator') ? 'educator' : (caller as 'student' | 'admin')
  const user = await createUser(context.db, {
    role,
    ...(caller === 'unverified educator' ? { approvedAt: null } : {}),
  })
  return { user, cookie: await signIn(context, user) }
}

describe('GET /user/me', () => {
  it('answers the signed-in user as the contract describes it', async () => {
    const [licence] = await addLicences(1)
    const educator = await createUser(context.db, {
      role: 'educator',
      name: 'Hana Sato',
      description: 'Calligraphy teacher',
      language: 'jp-JP',
      videoLicenceId: licence?.id ?? null,
    })
    const cookie = await signIn(context, educator)

    const response = await me(cookie)

    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(CurrentUser, body)).toBe(true)
    expect(body).toEqual({
      id: educator.id,
      name: 'Hana Sato',
      email: educator.email,
      description: 'Calligraphy teacher',
      role: 'educator',
      language: 'jp-JP',
      isEmailConfirmed: true,
      pendingEmail: null,
      isValidated: true,
      isVideoConferenceConnected: true,
      videoLicence: {
        id: licence?.id,
        provider: 'zoom',
        accountEmail: 'licence1@manabi.example',
      },
      timezone: 'Asia/Tokyo',
      deactivation: null,
    })
  })

  it('answers 401 to a guest, an unknown cookie and an expired session', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)
    await context.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, student.id))

    for (const sent of [undefined, `${SESSION_COOKIE}=not-a-session`, cookie]) {
      const response = await me(sent)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
        code: 'http.unauthorized',
        requestId: expect.any(String) as string,
      })
    }
  })

  it('follows changes made since sign-in (the user is read on every request)', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const cookie = await signIn(context, educator)
    expect((await me(cookie)).json()).toMatchObject({ isValidated: false })

    await context.db.update(users).set({ approvedAt: new Date() }).where(eq(users.id, educator.id))

    expect((await me(cookie)).json()).toMatchObject({ isValidated: true })
  })
})

describe('PATCH /user/update_profile', () => {
  // A new e-mail address waits for its confirmation: see account-security.test.ts.
  it('changes the name and language, asks to confirm a new e-mail, and answers the current user', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)

    const response = await updateProfile(cookie, {
      name: '  Yuki Tanaka ',
      email: 'yuki.tanaka@manabi.example',
      language: 'jp-JP',
      currentPassword: PASSWORD,
    })

    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(CurrentUser, body)).toBe(true)
    expect(body).toMatchObject({
      id: student.id,
      name: 'Yuki Tanaka',
      email: student.email,
      pendingEmail: 'yuki.tanaka@manabi.example',
      language: 'jp-JP',
      role: 'student',
    })
    expect(await userRow(student.id)).toMatchObject({
      name: 'Yuki Tanaka',
      email: student.email,
      pendingEmail: 'yuki.tanaka@manabi.example',
      language: 'jp-JP',
    })
    expect((await login(student.email, PASSWORD)).statusCode).toBe(200)
    expect((await login('yuki.tanaka@manabi.example', PASSWORD)).statusCode).toBe(401)
  })

  it('leaves everything as it was for an empty body', async () => {
    const student = await createUser(context.db, { name: 'Kept Name' })
    const cookie = await signIn(context, student)

    const response = await updateProfile(cookie, {})

    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ name: 'Kept Name', email: student.email })
  })

  it("sets the user's time zone as IANA names it, and refuses one that does not exist", async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const cookie = await signIn(context, educator)
    expect((await me(cookie)).json()).toMatchObject({ timezone: 'Asia/Tokyo' })

    const set = await updateProfile(cookie, { timezone: 'america/new_york' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ timezone: 'America/New_York' })
    expect((await userRow(educator.id))?.timezone).toBe('America/New_York')

    // SystemV/AST4: a legacy name the engine knows and PostgreSQL does not.
    const refusedZones = [
      'Mars/Olympus_Mons',
      'SystemV/AST4',
      'Asia/Tokyo\u0000',
      ' ',
      'x'.repeat(65),
    ]
    for (const timezone of refusedZones) {
      const refused = await updateProfile(cookie, { timezone })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).message).toEqual(expect.anything())
    }
    expect((await userRow(educator.id))?.timezone).toBe('America/New_York')
  })

  it('lets a user choose only zones the database knows, since its sums use them', async () => {
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => canonicalTimeZone(zone))
    expect(zones.length).toBeGreaterThan(300)
    const result = await context.db.execute(
      sql`select count(*)::int as known from pg_timezone_names where name in (${sql.join(
        [...zones, 'UTC'].map((zone) => sql`${zone}`),
        sql`, `,
      )})`,
    )
    const [row] = (result as { rows: { known: number }[] }).rows
    expect(row?.known).toBe(zones.length + 1)
  })

  it('sets and clears an educator bio', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const cookie = await signIn(context, educator)

    const set = await updateProfile(cookie, { description: 'I teach the shamisen.' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ description: 'I teach the shamisen.' })
    expect((await userRow(educator.id))?.description).toBe('I teach the shamisen.')

    const cleared = await updateProfile(cookie, { description: null })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toMatchObject({ description: null })
    expect((await userRow(educator.id))?.description).toBeNull()

    await updateProfile(cookie, { description: 'Back again' })
    const blank = await updateProfile(cookie, { description: '   ' })
    expect(blank.json()).toMatchObject({ description: null })
  })

  it('ignores a bio sent by a student or an admin, applying the rest', async () => {
    for (const role of ['student', 'admin'] as const) {
      const user = await createUser(context.db, { role })
      const cookie = await signIn(context, user)

      const response = await updateProfile(cookie, { name: 'New Name', description: 'A bio' })

      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ name: 'New Name', description: null })
      expect((await userRow(user.id))?.description).toBeNull()
    }
  })

  it('ignores fields it does not know, so nobody can make themselves admin or approved', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const cookie = await signIn(context, educator)

    const response = await updateProfile(cookie, {
      name: 'Still Educator',
      role: 'admin',
      approvedAt: new Date().toISOString(),
      isValidated: true,
    })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ role: 'educator', isValidated: false })
    expect(await userRow(educator.id)).toMatchObject({ role: 'educator', approvedAt: null })
  })

  it('answers 409 "Email already exists" for an address another account holds, in any case', async () => {
    const other = await createUser(context.db, { email: 'taken@manabi.example' })
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)

    const response = await updateProfile(cookie, {
      email: 'TAKEN@manabi.example',
      name: 'X',
      currentPassword: PASSWORD,
    })

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Email already exists',
      code: 'accounts.emailExists',
      requestId: expect.any(String) as string,
    })
    expect(await userRow(student.id)).toMatchObject({ email: student.email, name: student.name })
    expect((await userRow(other.id))?.email).toBe('taken@manabi.example')
  })

  it('accepts the caller’s own address in another case', async () => {
    const student = await createUser(context.db, { email: 'mine@manabi.example' })
    const cookie = await signIn(context, student)

    const response = await updateProfile(cookie, { email: 'Mine@Manabi.example' })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: 'Mine@Manabi.example' })
  })

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const student = await createUser(context.db)
    const current = await signIn(context, student)
    const otherDevice = await signIn(context, student)

    const response = await updateProfile(current, {
      password: 'Brand1New',
      currentPassword: PASSWORD,
    })

    expect(response.statusCode).toBe(200)
    expect((await userRow(student.id))?.passwordHash).toMatch(/^\$argon2id\$/)
    expect((await me(current)).statusCode).toBe(200)
    expect((await me(otherDevice)).statusCode).toBe(401)
    expect((await login(student.email, PASSWORD)).statusCode).toBe(401)
    expect((await login(student.email, 'Brand1New')).statusCode).toBe(200)
  })

  it.each([
    ['an empty name', { name: '' }, 'name must NOT have fewer than 1 character'],
    ['a blank name', { name: '   ' }, 'name must not be blank'],
    ['a name of zero-width spaces', { name: '\u200b\ufeff' }, 'name must not be blank'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email has an invalid format'],
    ['a short password', { password: 'Ab1' }, 'password has an invalid format'],
    ['a password without uppercase', { password: 'lowercase1' }, 'password has an invalid format'],
    ['a password without lowercase', { password: 'UPPERCASE1' }, 'password has an invalid format'],
    ['an unknown language', { language: 'de-DE' }, 'language'],
    ['a bio of the wrong type', { description: { text: 'bio' } }, 'description'],
    [
      'a current password over 128 characters',
      { password: 'Brand1New', currentPassword: 'x'.repeat(129) },
      'currentPassword must NOT have more than 128 characters',
    ],
  ])('answers 400 for %s and changes nothing', async (_case, body, expected) => {
    const educator = await createUser(context.db, { role: 'educator', description: 'Old bio' })
    const cookie = await signIn(context, educator)

    const response = await updateProfile(cookie, { ...body })

    expect(response.statusCode).toBe(400)
    const error = errorOf(response)
    expect(Value.Check(ErrorBody, error)).toBe(true)
    expect([error.message].flat().some((message) => message.startsWith(expected))).toBe(true)
    const row = await userRow(educator.id)
    expect(row).toMatchObject({
      name: educator.name,
      email: educator.email,
      description: 'Old bio',
      language: 'en-US',
      passwordHash: educator.passwordHash,
    })
  })
})

describe('POST /user/reassign_video_licence', () => {
  it('gives a verified educator a different free licence and frees the old one', async () => {
    const [first, second] = await addLicences(2)
    const educator = await createUser(context.db, {
      role: 'educator',
      videoLicenceId: first?.id ?? null,
    })
    const cookie = await signIn(context, educator)

    const response = await reassign(cookie)

    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(CurrentUser, body)).toBe(true)
    expect(body).toMatchObject({
      id: educator.id,
      isVideoConferenceConnected: true,
      videoLicence: {
        id: second?.id,
        provider: 'google_meet',
        accountEmail: 'licence2@manabi.example',
      },
    })
    expect((await userRow(educator.id))?.videoLicenceId).toBe(second?.id)

    // The first licence went back to the pool: another educator exchanging its own gets it.
    const [third] = await addLicences(1, 3)
    const colleague = await createUser(context.db, {
      role: 'educator',
      videoLicenceId: third?.id ?? null,
    })
    const other = await reassign(await signIn(context, colleague))
    expect(other.json()).toMatchObject({ videoLicence: { id: first?.id } })
  })

  it('e-mails the educator its new account, in its language, and nothing when refused', async () => {
    const [first, , third] = await addLicences(3)
    const educator = await createUser(context.db, {
      role: 'educator',
      name: '田中',
      language: 'jp-JP',
      videoLicenceId: first?.id ?? null,
    })
    const cookie = await signIn(context, educator)
    await reassign(cookie)
    const sent = await context.db.select().from(outbox).orderBy(asc(outbox.id))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      to: educator.email,
      subject: 'まなび: ビデオ会議ライセンスが割り当てられました',
    })
    expect(sent[0]?.text).toContain('licence2@manabi.example')

    // The other licences are lent too: nothing is free, the call is refused, and no e-mail goes.
    await createUser(context.db, { role: 'educator', videoLicenceId: first?.id ?? null })
    await createUser(context.db, { role: 'educator', videoLicenceId: third?.id ?? null })
    expect((await reassign(cookie)).statusCode).toBe(409)
    expect(await context.db.select().from(outbox)).toHaveLength(1)
  })

  it('gives an educator without a licence none: only an admin lends one (409)', async () => {
    await addLicences(2)
    const educator = await createUser(context.db, { role: 'educator' })

    const response = await reassign(await signIn(context, educator))

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'You hold no video licence to reassign; an administrator will lend you one',
      code: 'licences.noneToReassign',
      requestId: expect.any(String) as string,
    })
    expect((await userRow(educator.id))?.videoLicenceId).toBeNull()
  })

  it('answers 409 when no other licence is free, keeping the one held', async () => {
    const [held, busy] = await addLicences(2)
    await createUser(context.db, { role: 'educator', videoLicenceId: busy?.id ?? null })
    const educator = await createUser(context.db, {
      role: 'educator',
      videoLicenceId: held?.id ?? null,
    })

    const response = await reassign(await signIn(context, educator))

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'No free video licence is available',
      code: 'licences.noneFree',
      requestId: expect.any(String) as string,
    })
    expect((await userRow(educator.id))?.videoLicenceId).toBe(held?.id)
  })

  it('answers 403 "not approved" to an unverified educator, leaving the pool alone', async () => {
    await addLicences(1)
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })

    const response = await reassign(await signIn(context, educator))

    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your account has not been approved yet',
      code: 'accounts.notApproved',
      requestId: expect.any(String) as string,
    })
    expect((await userRow(educator.id))?.videoLicenceId).toBeNull()
  })
})

describe('who may call the /user calls', () => {
  const expected: Record<Caller, { me: number; update: number; reassign: number }> = {
    guest: { me: 401, update: 401, reassign: 401 },
    student: { me: 200, update: 200, reassign: 403 },
    'unverified educator': { me: 200, update: 200, reassign: 403 },
    educator: { me: 200, update: 200, reassign: 200 },
    'another educator': { me: 200, update: 200, reassign: 200 },
    admin: { me: 200, update: 200, reassign: 403 },
  }

  it.each(Object.keys(expected) as Caller[])('as %s', async (caller) => {
    const [bystanderLicence, callersLicence] = await addLicences(3)
    // An educator whose account no other caller's request may touch.
    const bystander = await createUser(context.db, {
      role: 'educator',
      name: 'Bystander',
      videoLicenceId: bystanderLicence?.id ?? null,
    })
    const { user, cookie } = await callerOf(caller)
    // An educator caller holds a licence, so a reassignment has one to exchange.
    if (user?.role === 'educator') {
      await context.db
        .update(users)
        .set({ videoLicenceId: callersLicence?.id ?? null })
        .where(eq(users.id, user.id))
    }

    const answers = {
      me: await me(cookie),
      update: await updateProfile(cookie, { name: 'Renamed' }),
      reassign: await reassign(cookie),
    }

    expect({
      me: answers.me.statusCode,
      update: answers.update.statusCode,
      reassign: answers.reassign.statusCode,
    }).toEqual(expected[caller])
    for (const answer of Object.values(answers)) {
      if (answer.statusCode >= 400) expect(Value.Check(ErrorBody, answer.json())).toBe(true)
      else expect(answer.json()).toMatchObject({ id: user?.id })
    }
    if (caller === 'student' || caller === 'admin') {
      expect(answers.reassign.json()).toMatchObject({ message: 'Forbidden' })
    }
    expect(await userRow(bystander.id)).toMatchObject({
      name: 'Bystander',
      videoLicenceId: bystanderLicence?.id,
    })
    if (user) expect((await userRow(user.id))?.name).toBe('Renamed')
  })
})
