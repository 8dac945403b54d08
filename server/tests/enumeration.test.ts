import { asc, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Descriptor } from '../../contract/descriptor.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as user from '../../contract/descriptors/user.ts'
import { API_PREFIX } from '../src/app.ts'
import { outbox, userTokens } from '../src/db/schema.ts'
import { createCast, userOf } from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser, setupTestApp, urlOf } from './helpers.ts'

/**
 * Nothing the API answers tells which e-mail addresses are registered, nor which user ids are
 * whose: forgot-password and resend-confirmation answer every address after the same work, and
 * an educator's reviews and rating exist for educators only (anyone else is not found, as an id
 * no one has).
 */
const errorLog: string[] = []
const context = setupTestApp({ errorLog })

afterEach(async () => {
  vi.restoreAllMocks()
  errorLog.length = 0
  await context.db.execute(sql.raw('drop trigger if exists injected_failure on "outbox"'))
})

const mails = () => context.db.select().from(outbox).orderBy(asc(outbox.id))

/**
 * The call straight through `inject`, not `context.call`: that one also waits for the work a
 * route does after its answer, which is what these tests look at.
 */
const post = (descriptor: Descriptor, email: string) =>
  context.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${urlOf(descriptor)}`,
    headers: { origin: APP_ORIGIN },
    payload: { email },
  })

/** The addresses each call is asked about: every kind of account, and no account. */
const addresses = async () => {
  const confirmed = await createUser(context.db, { email: 'confirmed@manabi.example' })
  const unconfirmed = await createUser(context.db, {
    email: 'unconfirmed@manabi.example',
    emailConfirmedAt: null,
  })
  return {
    unknown: 'nobody@manabi.example',
    confirmed: confirmed.email,
    unconfirmed: unconfirmed.email,
  }
}

const CALLS = [
  { name: 'forgot-password', descriptor: auth.passwordResetEmail },
  { name: 'resend-confirmation', descriptor: auth.resendConfirmation },
] as const

/**
 * What the app does with its database and mailer until the answer has been given: each call of
 * theirs, named, in order. Calls after the answer are not recorded.
 */
const workBeforeTheAnswer = async (descriptor: Descriptor, email: string) => {
  const done: string[] = []
  let answered = false
  const record = <T extends object>(target: T, name: string, methods: (keyof T & string)[]) => {
    for (const method of methods) {
      const original = (target[method] as (...args: unknown[]) => unknown).bind(target)
      vi.spyOn(target, method as never).mockImplementation(((...args: unknown[]) => {
        if (!answered) done.push(`${name}.${method}`)
        return original(...args)
      }) as never)
    }
  }
  record(context.db, 'db', ['select', 'insert', 'update', 'delete', 'execute', 'transaction'])
  record(context.app.mailer, 'mailer', ['enqueue', 'deliver'])
  const response = await post(descriptor, email)
  answered = true
  vi.restoreAllMocks()
  await context.app.afterAnswer.settled()
  return { response, done }
}

describe.each(CALLS)('$name answers every address alike', ({ descriptor }) => {
  it('after the same work, whether the address is registered, confirmed or not', async () => {
    const emails = await addresses()
    const answers = {
      unknown: await workBeforeTheAnswer(descriptor, emails.unknown),
      confirmed: await workBeforeTheAnswer(descriptor, emails.confirmed),
      unconfirmed: await workBeforeTheAnswer(descriptor, emails.unconfirmed),
    }
    for (const answer of Object.values(answers)) {
      expect(answer.response.statusCode).toBe(200)
      expect(answer.response.body).toBe(answers.unknown.response.body)
      expect(answer.done).toEqual(answers.unknown.done)
    }
    // The e-mail still goes to whom it is for, through the outbox, once the answer is out.
    const sentTo = (await mails()).map((mail) => mail.to)
    expect(sentTo).toEqual(
      descriptor === auth.passwordResetEmail
        ? [emails.confirmed, emails.unconfirmed]
        : [emails.unconfirmed],
    )
  })

  it('does not wait for the e-mail: the answer comes while its writing is held', async () => {
    const emails = await addresses()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let reached = () => {}
    const enqueueReached = new Promise<void>((resolve) => (reached = resolve))
    const enqueue = context.app.mailer.enqueue.bind(context.app.mailer)
    vi.spyOn(context.app.mailer, 'enqueue').mockImplementation(async (...args) => {
      reached()
      await held
      return enqueue(...args)
    })
    let answered = false
    const response = post(descriptor, emails.unconfirmed).then((answer) => {
      answered = true
      return answer
    })
    try {
      await enqueueReached
      // A turn of the event loop: an answer already given has reached the test by then.
      await new Promise((resolve) => setImmediate(resolve))
      expect(answered).toBe(true)
      expect((await response).statusCode).toBe(200)
    } finally {
      release()
      await response
      await context.app.afterAnswer.settled()
    }
    expect((await mails()).map((mail) => mail.to)).toEqual([emails.unconfirmed])
  })

  it('answers a registered address as an unknown one when its e-mail cannot be written', async () => {
    const emails = await addresses()
    // Every write to the outbox fails from now on.
    await context.db.execute(
      sql.raw(`create or replace function refuse_insert() returns trigger language plpgsql as $$
        begin raise exception 'injected failure: % is unavailable', tg_table_name; end $$`),
    )
    await context.db.execute(
      sql.raw(`create trigger injected_failure before insert on "outbox"
        for each row execute function refuse_insert()`),
    )
    const unknown = await post(descriptor, emails.unknown)
    const registered = await post(descriptor, emails.unconfirmed)
    await context.app.afterAnswer.settled()
    expect(registered.statusCode).toBe(200)
    expect(registered.body).toBe(unknown.body)
    // The failure is the server's to report, with no token left without its e-mail.
    expect(errorLog.join('\n')).toContain('injected failure')
    expect(await context.db.select().from(userTokens)).toEqual([])
  })
})

describe("an educator's reviews and rating", () => {
  const READS = [
    { name: 'guest reviews', descriptor: guest.guestReviews, signedIn: false },
    { name: 'guest average score', descriptor: guest.guestAverageScore, signedIn: false },
    { name: 'reviews', descriptor: user.userReviews, signedIn: true },
    { name: 'average score', descriptor: user.userAverageScore, signedIn: true },
  ] as const

  it.each(READS)('$name: 404 for a student, an admin or no one, alike', async (read) => {
    const cast = await createCast(context.db)
    const cookie = read.signedIn ? cast.student.cookie : null
    const ask = (id: number) => context.call(read.descriptor, { params: { id }, cookie })
    const answers = [
      await ask(userOf(cast.student).id),
      await ask(userOf(cast.admin).id),
      await ask(909090),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Educator not found',
        code: 'http.notFound',
        params: { what: 'Educator' },
        requestId: expect.any(String) as string,
      })
    }
    // Every educator has them, approved or not yet.
    for (const educator of [cast.owner, cast.unverifiedEducator]) {
      expect((await ask(userOf(educator).id)).statusCode).toBe(200)
    }
  })
})
