import { describe, expect, it } from 'vitest'
import type { Language } from '../../contract/entities.ts'
import { type Email, emails, type Reader } from '../src/mail/templates.ts'
import en from '../locales/en-US/emails.json' with { type: 'json' }
import jp from '../locales/jp-JP/emails.json' with { type: 'json' }

/**
 * Every e-mail the product sends, written in both languages from the "emails" translations: no
 * key left untranslated, nothing left uninterpolated, each language on its own. Two of them are
 * kept as files (server/tests/__snapshots__/emails) for a reader to review.
 */

const LANGUAGES = ['en-US', 'jp-JP'] as const satisfies readonly Language[]

/** Names and titles as a user of each language writes them. */
const PEOPLE = {
  'en-US': { name: 'Ana Silva', other: 'Ben Okafor', title: 'Conversational Japanese' },
  'jp-JP': { name: '山田 花子', other: '佐藤 健', title: '日本語会話入門' },
} satisfies Record<Language, unknown>

const SESSION = {
  startTime: new Date('2026-12-11T09:00:00Z'),
  endTime: new Date('2026-12-11T10:00:00Z'),
  timezone: 'Asia/Tokyo',
}
const ORIGIN = 'https://manabi.example'
const LICENCE = { provider: 'google_meet', accountEmail: 'meet-7@pool.example' } as const

/** One e-mail of each kind for the reader, with values as the services pass them. */
const samples = (language: Language) => {
  const { name, other, title } = PEOPLE[language]
  const reader: Reader = { language, name }
  return {
    confirm: emails.confirm(reader, {
      url: `${ORIGIN}/auth/confirmation?token=abc`,
      validHours: 24,
    }),
    reset: emails.reset(reader, { url: `${ORIGIN}/auth/reset-password?token=abc`, validHours: 1 }),
    confirmEmailChange: emails.confirmEmailChange(reader, {
      newEmail: 'new@manabi.example',
      url: `${ORIGIN}/auth/confirmation?token=abc`,
      validHours: 24,
    }),
    emailChangeRequested: emails.emailChangeRequested(reader, {
      newEmail: 'new@manabi.example',
      resetUrl: `${ORIGIN}/auth/forgot-password`,
    }),
    passwordChanged: emails.passwordChanged(reader, `${ORIGIN}/auth/forgot-password`),
    unenrolled: emails.unenrolled(reader, {
      studentName: other,
      lessonTitle: title,
      session: SESSION,
    }),
    enrolled: emails.enrolled(reader, {
      lessonTitle: title,
      session: SESSION,
      paidCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    sessionCancelled: emails.sessionCancelled(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 2000,
    }),
    sessionMoved: emails.sessionMoved(reader, {
      lessonTitle: title,
      from: {
        ...SESSION,
        startTime: new Date(SESSION.startTime.getTime() - 24 * 60 * 60 * 1000),
        endTime: new Date(SESSION.endTime.getTime() - 24 * 60 * 60 * 1000),
      },
      session: SESSION,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    paymentStopped: emails.paymentStopped(reader, {
      lessonTitle: title,
      session: SESSION,
      reason: 'tooFewStudents',
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    seatTaken: emails.seatTaken(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    refundedByProvider: emails.refundedByProvider(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    reminder: emails.reminder(reader, {
      lessonTitle: title,
      session: SESSION,
      leadMinutes: 24 * 60,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    educatorReminder: emails.educatorReminder(reader, {
      lessonTitle: title,
      session: SESSION,
      leadMinutes: 60,
      students: 3,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    reviewRequest: emails.reviewRequest(reader, {
      lessonTitle: title,
      session: SESSION,
      reviewUrl: `${ORIGIN}/history?review=7`,
    }),
    sessionConfirmed: emails.sessionConfirmed(reader, {
      lessonTitle: title,
      session: SESSION,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    educatorSessionConfirmed: emails.educatorSessionConfirmed(reader, {
      lessonTitle: title,
      session: SESSION,
      students: 3,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    tooFewStudents: emails.tooFewStudents(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    educatorTooFewStudents: emails.educatorTooFewStudents(reader, {
      lessonTitle: title,
      session: SESSION,
      students: 1,
      refunds: 1,
      minSlots: 3,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    waitlistOffer: emails.waitlistOffer(reader, {
      lessonTitle: title,
      session: SESSION,
      heldUntil: new Date(SESSION.startTime.getTime() - 20 * 60 * 60 * 1000),
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    waitlistClosed: emails.waitlistClosed(reader, {
      lessonTitle: title,
      session: SESSION,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    approved: emails.approved(reader),
    licenceAssigned: emails.licenceAssigned(reader, LICENCE),
    licenceRemoved: emails.licenceRemoved(reader, LICENCE),
    earningsRuleWarning: emails.earningsRuleWarning(
      { ...reader, timezone: 'Asia/Tokyo' },
      EARNINGS_RULE,
    ),
    earningsRuleDeactivated: emails.earningsRuleDeactivated(
      { ...reader, timezone: 'America/New_York' },
      { ...EARNINGS_RULE, supportEmail: 'support@manabi.example' },
    ),
    reactivated: emails.reactivated(
      { ...reader, timezone: 'Asia/Tokyo' },
      { deadline: EARNINGS_RULE.deadline, minJpy: 7197, earningsUrl: `${ORIGIN}/earnings` },
    ),
  } satisfies Record<keyof typeof emails, Email>
}

/** A period of the earnings rule an educator is below: ¥2,999 of ¥7,197 at ¥151.37 a dollar. */
const EARNINGS_RULE = {
  periodStart: new Date('2026-03-31T02:00:00Z'),
  deadline: new Date('2026-06-30T02:00:00Z'),
  earnedJpy: 2999,
  minJpy: 7197,
  usdJpy: 151.37,
  earningsUrl: `${ORIGIN}/earnings`,
}

/** The variants an e-mail has besides its sample: without a payment, without the session. */
const variants = (language: Language) => {
  const { name, title } = PEOPLE[language]
  const reader: Reader = { language, name }
  return {
    enrolledFree: emails.enrolled(reader, {
      lessonTitle: title,
      session: SESSION,
      paidCents: 0,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    sessionCancelledFree: emails.sessionCancelled(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 0,
    }),
    tooFewStudentsFree: emails.tooFewStudents(reader, {
      lessonTitle: title,
      session: SESSION,
      refundCents: 0,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    educatorSessionConfirmedOne: emails.educatorSessionConfirmed(reader, {
      lessonTitle: title,
      session: SESSION,
      students: 1,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    seatTakenSessionGone: emails.seatTaken(reader, {
      lessonTitle: title,
      session: undefined,
      refundCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
    refundedSessionGone: emails.refundedByProvider(reader, {
      lessonTitle: title,
      session: undefined,
      refundCents: 2000,
      lessonUrl: `${ORIGIN}/lesson/7`,
    }),
  }
}

/** Every dotted key of a translation tree, plural forms without their suffix too. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key}`, `${prefix}${key.replace(/_(one|other)$/, '')}`]
      : keysOf(value as object, `${prefix}${key}.`),
  )
const KEYS = [...new Set([...keysOf(en), ...keysOf(jp)])]

/** The text without what is neither language's words: links, addresses, brands and amounts. */
const wordsOf = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\S+@\S+/g, '')
    .replace(/Google Meet|Zoom|PayPal|\$[\d.,]+/g, '')

const allOf = (language: Language) =>
  Object.entries({ ...samples(language), ...variants(language) })

describe.each(LANGUAGES)('every e-mail in %s', (language) => {
  it('has one sample per e-mail the product sends', () => {
    expect(Object.keys(samples(language)).sort()).toEqual(Object.keys(emails).sort())
  })

  it.each(allOf(language))('%s is written out whole', (_, email) => {
    expect(email.subject.trim()).not.toBe('')
    expect(email.subject).toMatch(language === 'jp-JP' ? /^まなび: / : /^Manabi: /)
    expect(email.text.trim()).not.toBe('')
    expect(email.html).toMatch(/^<p>.+<\/p>$/s)
    for (const part of [email.subject, email.text, email.html]) {
      expect(part).not.toContain('{{')
      expect(part).not.toContain('$t(')
      // i18next answers a missing key with the key itself.
      for (const key of KEYS) expect(part).not.toContain(key)
      expect(wordsOf(part)).not.toMatch(/\b[a-z][A-Za-z]+\.[a-z][A-Za-z_]+\b/)
    }
    expect(email.text.split('\n')[0]).toContain(PEOPLE[language].name)
  })

  it.each(allOf(language))('%s is in that language only', (_, email) => {
    for (const part of [email.subject, email.text]) {
      if (language === 'jp-JP') expect(wordsOf(part)).not.toMatch(/[A-Za-z]{2,}/)
      else expect(part).not.toMatch(/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/)
    }
  })
})

describe('the texts of an e-mail', () => {
  it('name the session, the amount and the lesson page in the reader’s language', () => {
    const jpEnrolled = samples('jp-JP').enrolled
    expect(jpEnrolled.text).toContain('2026年12月11日(金) 18:00–19:00 日本時間の「日本語会話入門」')
    expect(jpEnrolled.text).toContain('お支払い額: $20.00')
    expect(jpEnrolled.text).toContain('参加リンクは開始5分前からレッスンページに表示されます。')
    expect(jpEnrolled.text).toContain(`レッスンページを開く: ${ORIGIN}/lesson/7`)
    const enEnrolled = samples('en-US').enrolled
    expect(enEnrolled.text).toContain(
      'Your seat in "Conversational Japanese" on Friday, 11 December 2026, 18:00–19:00 Japan Standard Time is confirmed.',
    )
    expect(enEnrolled.text).toContain('You paid $20.00;')
    expect(enEnrolled.text).toContain('from 5 minutes before the start.')
  })

  it('say how long a link lasts, one hour or many', () => {
    expect(samples('en-US').reset.text).toContain('It is valid for 1 hour.')
    expect(samples('en-US').confirm.text).toContain('It is valid for 24 hours.')
    expect(samples('jp-JP').reset.text).toContain('リンクの有効期限は1時間です。')
    expect(samples('jp-JP').confirm.text).toContain('リンクの有効期限は24時間です。')
  })

  it('leave out the payment of a free seat', () => {
    expect(variants('en-US').enrolledFree.text).not.toContain('You paid')
    expect(variants('jp-JP').sessionCancelledFree.text).not.toContain('返金')
  })

  it('name the lesson, and no date, when the session is gone', () => {
    const gone = variants('en-US').seatTakenSessionGone
    expect(gone.text).toContain(
      'The session of "Conversational Japanese" you were paying for was cancelled before the payment arrived.',
    )
    expect(gone.text).not.toContain('""')
    expect(variants('jp-JP').refundedSessionGone.text).toContain(
      '「日本語会話入門」のお支払い $20.00 が PayPal で返金されました。',
    )
  })

  it('escape the values in the HTML part, and only there', () => {
    const reader: Reader = { language: 'en-US', name: `Ana "Teach" O'Neil` }
    const email = emails.unenrolled(reader, {
      studentName: 'Ben & <i>Co</i>',
      lessonTitle: '<b>A & B</b>',
      session: SESSION,
    })
    expect(email.subject).toBe('Manabi: a student left <b>A & B</b>')
    expect(email.text).toContain(`Hello Ana "Teach" O'Neil,`)
    expect(email.text).toContain('Ben & <i>Co</i> unenrolled from "<b>A & B</b>" on')
    expect(email.html).toContain('<p>Hello Ana &#34;Teach&#34; O&#39;Neil,</p>')
    expect(email.html).toContain(
      '<p>Ben &#38; &#60;i&#62;Co&#60;/i&#62; unenrolled from &#34;&#60;b&#62;A &#38; B&#60;/b&#62;&#34; on',
    )
    expect(email.html).not.toMatch(/<(b|i)>/)
    const link = emails.confirm(reader, { url: `${ORIGIN}/x?a=1&b="2"`, validHours: 24 })
    expect(link.html).toContain(`<a href="${ORIGIN}/x?a=1&#38;b=&#34;2&#34;">`)
    expect(link.text).toContain(`${ORIGIN}/x?a=1&b="2"`)
  })

  it('take values as written, never as translations or placeholders', () => {
    const email = emails.approved({ language: 'en-US', name: '{{name}} $t(approved.subject)' })
    expect(email.text.split('\n')[0]).toBe('Hello {{name}} $t(approved.subject),')
  })
})

describe('the kept e-mails', () => {
  it.each([
    ['enrolled', 'jp-JP'],
    ['passwordChanged', 'en-US'],
  ] as const)('%s in %s reads as reviewed', async (name, language) => {
    const email = samples(language)[name]
    const file = `./__snapshots__/emails/${name}.${language}`
    await expect(`Subject: ${email.subject}\n\n${email.text}\n`).toMatchFileSnapshot(`${file}.txt`)
    await expect(`${email.html}\n`).toMatchFileSnapshot(`${file}.html`)
  })
})
