import type { Language, VideoProvider } from '../../../contract/entities.ts'
import { JOIN_WINDOW_MS } from '../../../contract/rules.ts'
import { formatMoney, formatRate, formatYen, instantWhen, sessionWhen } from './format.ts'
import { emailT } from './i18n.ts'

/**
 * The e-mails the product sends, in the recipient's language. Their words are the "emails"
 * translations (server/locales/<language>/emails.json, rendered by mail/i18n.ts); this file only
 * says which texts an e-mail is made of, with what values, and writes them out as text and HTML.
 */

/** The licence an e-mail names: its provider and account. */
export interface LicenceFacts {
  provider: VideoProvider
  accountEmail: string
}

export interface Email {
  subject: string
  text: string
  html: string
  /** Text attachments, e.g. a session's calendar file. */
  attachments?: { filename: string; contentType: string; content: string }[]
}

/** Whom an e-mail is for: the language it is written in and the name it greets. */
export interface Reader {
  language: Language
  name: string
}

/** A session as the e-mails name it: its date, hours and zone. */
export type SessionTimes = { startTime: Date; endTime: Date; timezone: string }

/**
 * A paid seat a refund e-mail tells of: its lesson, the session when it still exists, the sum
 * refunded and the lesson's page.
 */
export interface PaidSeat {
  lessonTitle: string
  session: SessionTimes | undefined
  refundCents: number
  lessonUrl: string
}

/** A translation and the values it interpolates. */
type Text = readonly [key: string, values?: Record<string, string | number>]

/** What an e-mail says, as translations: subject, paragraphs, and a link at the end. */
interface Content {
  subject: Text
  paragraphs: readonly Text[]
  link?: { label: Text; url: string }
}

/**
 * Escapes a text for HTML. The translations are plain text, so a paragraph of the HTML part is
 * its text escaped as a whole: the values in it (a lesson title, a name) are escaped with it,
 * while the text part keeps them as written.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Writes an e-mail's content out in the reader's language: subject, text and HTML. */
const render = ({ language, name }: Reader, content: Content): Email => {
  const t = emailT(language)
  const write = ([key, values]: Text) => t(key, values ?? {})
  const greeting = write(['greeting', { name }])
  const paragraphs = content.paragraphs.map(write)
  const link = content.link && { label: write(content.link.label), url: content.link.url }
  return {
    subject: write(content.subject),
    text: [greeting, '', ...paragraphs, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join(
      '\n',
    ),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ].join('\n'),
  }
}

/** "It is valid for 24 hours.": how long an e-mailed link works. */
const validity = (language: Language, hours: number) =>
  emailT(language)('common.linkValidFor', { count: hours })

/** "The join link appears on the lesson page from 5 minutes before the start.", as a paragraph. */
const JOIN_LINK_FROM = ['common.joinLinkFrom', { count: JOIN_WINDOW_MS / 60_000 }] as const

/**
 * "The join link appears on the lesson page from 5 minutes before the start.": the join window
 * of the contract's rule (JOIN_WINDOW_MS), in the reader's language.
 */
export const joinLinkFrom = (language: Language) => emailT(language)(...JOIN_LINK_FROM)

/** The lesson and session an e-mail about a seat names, in the reader's language. */
const seatFacts = (language: Language, lessonTitle: string, session: SessionTimes) => ({
  lessonTitle,
  when: sessionWhen(language, session),
})

/** "24 hours", "30 minutes": how long before a session a reminder comes. */
const leadText = (language: Language, minutes: number) =>
  minutes % 60 === 0
    ? emailT(language)('reminder.inHours', { count: minutes / 60 })
    : emailT(language)('reminder.inMinutes', { count: minutes })

/** A licence as its e-mails name it: the provider's name and the account. */
const licenceValues = (language: Language, licence: LicenceFacts) => ({
  provider: emailT(language)(`providers.${licence.provider}`),
  accountEmail: licence.accountEmail,
})

export const emails = {
  /** A registration's link to confirm the address, valid for `validHours`. */
  confirm: (reader: Reader, link: { url: string; validHours: number }): Email =>
    render(reader, {
      subject: ['confirm.subject'],
      paragraphs: [['confirm.body', { validity: validity(reader.language, link.validHours) }]],
      link: { label: ['confirm.link'], url: link.url },
    }),

  /** The link that sets a new password, valid for `validHours`. */
  reset: (reader: Reader, link: { url: string; validHours: number }): Email =>
    render(reader, {
      subject: ['reset.subject'],
      paragraphs: [['reset.body', { validity: validity(reader.language, link.validHours) }]],
      link: { label: ['common.resetPasswordLink'], url: link.url },
    }),

  /** To the new address: the link that makes it the account's e-mail. */
  confirmEmailChange: (
    reader: Reader,
    change: { newEmail: string; url: string; validHours: number },
  ): Email =>
    render(reader, {
      subject: ['confirmEmailChange.subject'],
      paragraphs: [
        [
          'confirmEmailChange.body',
          {
            newEmail: change.newEmail,
            validity: validity(reader.language, change.validHours),
          },
        ],
      ],
      link: { label: ['confirmEmailChange.link'], url: change.url },
    }),

  /**
   * To the address in use: someone signed in asked to replace it. The owner who did not can stop
   * it by resetting the password, which cancels the change and signs every device out.
   */
  emailChangeRequested: (reader: Reader, change: { newEmail: string; resetUrl: string }): Email =>
    render(reader, {
      subject: ['emailChangeRequested.subject'],
      paragraphs: [
        ['emailChangeRequested.body', { newEmail: change.newEmail }],
        ['emailChangeRequested.ifNotYou'],
      ],
      link: { label: ['common.resetPasswordLink'], url: change.resetUrl },
    }),

  /** To the owner, after the password was changed in the settings. */
  passwordChanged: (reader: Reader, resetUrl: string): Email =>
    render(reader, {
      subject: ['passwordChanged.subject'],
      paragraphs: [['passwordChanged.body'], ['passwordChanged.ifNotYou']],
      link: { label: ['common.resetPasswordLink'], url: resetUrl },
    }),

  /** To the educator: a student gave their seat back. */
  unenrolled: (
    reader: Reader,
    seat: { studentName: string; lessonTitle: string; session: SessionTimes },
  ): Email => {
    const facts = {
      studentName: seat.studentName,
      ...seatFacts(reader.language, seat.lessonTitle, seat.session),
    }
    return render(reader, {
      subject: ['unenrolled.subject', facts],
      paragraphs: [['unenrolled.body', facts]],
    })
  },

  /**
   * To the student: the seat is theirs, with what they paid (nothing for a free session), when
   * the join link shows and the lesson page it shows on. The calendar file is attached by the
   * caller.
   */
  enrolled: (
    reader: Reader,
    seat: {
      lessonTitle: string
      session: SessionTimes
      paidCents: number
      lessonUrl: string
    },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['enrolled.subject', facts],
      paragraphs: [
        ['enrolled.body', facts],
        ...(seat.paidCents > 0
          ? [['enrolled.paid', { amount: formatMoney(seat.paidCents, reader.language) }] as const]
          : []),
        ['enrolled.calendar', { joinLink: joinLinkFrom(reader.language) }],
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To a student of a session the educator deleted, with the refund owed (if any). */
  sessionCancelled: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; refundCents: number },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['sessionCancelled.subject', facts],
      paragraphs: [
        ['sessionCancelled.body', facts],
        ...(seat.refundCents > 0
          ? [
              [
                'sessionCancelled.refund',
                { amount: formatMoney(seat.refundCents, reader.language) },
              ] as const,
            ]
          : []),
      ],
    })
  },

  /**
   * To a student with a seat in a session its educator moved, or in its line for one: from when to
   * when; with a seat, that it is kept (the updated calendar file is attached by the caller) and
   * that they may unenroll; in line, that they still are.
   */
  sessionMoved: (
    reader: Reader,
    seat: {
      lessonTitle: string
      from: SessionTimes
      session: SessionTimes
      lessonUrl: string
      inLine?: boolean
    },
  ): Email => {
    const facts = {
      ...seatFacts(reader.language, seat.lessonTitle, seat.session),
      from: sessionWhen(reader.language, seat.from),
    }
    return render(reader, {
      subject: ['sessionMoved.subject', facts],
      paragraphs: [
        ['sessionMoved.body', facts],
        ...(seat.inLine
          ? [['sessionMoved.stillInLine'] as const]
          : ([
              ['sessionMoved.seatKept'],
              ['sessionMoved.calendar', { joinLink: joinLinkFrom(reader.language) }],
              ['sessionMoved.unenroll'],
            ] as const)),
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /**
   * To a student who was still paying for a seat when the session was cancelled, for too few
   * students or by its educator: the payment was stopped and nothing charged.
   */
  paymentStopped: (
    reader: Reader,
    seat: {
      lessonTitle: string
      session: SessionTimes
      reason: 'tooFewStudents' | 'sessionCancelled'
      lessonUrl: string
    },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['paymentStopped.subject', facts],
      paragraphs: [
        [`paymentStopped.${seat.reason}`, facts],
        ['paymentStopped.notCharged'],
        ['seatDecision.otherSessions'],
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /**
   * To a student with a seat, `leadMinutes` before the session: when it is, when the join link
   * shows and the lesson page it shows on. The calendar file is attached by the caller.
   */
  reminder: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; leadMinutes: number; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    const lead = leadText(reader.language, seat.leadMinutes)
    return render(reader, {
      subject: ['reminder.subject', { ...facts, lead }],
      paragraphs: [['reminder.body', facts], ['reminder.calendar'], JOIN_LINK_FROM],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To the educator, `leadMinutes` before their session: when it is and how many are enrolled. */
  educatorReminder: (
    reader: Reader,
    session: {
      lessonTitle: string
      session: SessionTimes
      leadMinutes: number
      students: number
      lessonUrl: string
    },
  ): Email => {
    const facts = seatFacts(reader.language, session.lessonTitle, session.session)
    const lead = leadText(reader.language, session.leadMinutes)
    return render(reader, {
      subject: ['reminder.educatorSubject', { ...facts, lead }],
      paragraphs: [
        ['reminder.educatorBody', { ...facts, count: session.students }],
        JOIN_LINK_FROM,
      ],
      link: { label: ['common.lessonPageLink'], url: session.lessonUrl },
    })
  },

  /** To a student with a seat, at the session's cutoff: enough enrolled, it takes place. */
  sessionConfirmed: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['seatDecision.confirmedSubject', facts],
      paragraphs: [['seatDecision.confirmedBody', facts], JOIN_LINK_FROM],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To the educator, at the session's cutoff: its minimum was reached, it takes place. */
  educatorSessionConfirmed: (
    reader: Reader,
    session: { lessonTitle: string; session: SessionTimes; students: number; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, session.lessonTitle, session.session)
    return render(reader, {
      subject: ['seatDecision.confirmedSubject', facts],
      paragraphs: [['seatDecision.educatorConfirmedBody', { ...facts, count: session.students }]],
      link: { label: ['common.lessonPageLink'], url: session.lessonUrl },
    })
  },

  /**
   * To a student with a seat, at the session's cutoff: too few enrolled, so it was cancelled;
   * with the refund owed (if any) and the lesson page, where other sessions may be.
   */
  tooFewStudents: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; refundCents: number; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['seatDecision.cancelledSubject', facts],
      paragraphs: [
        ['seatDecision.cancelledBody', facts],
        ...(seat.refundCents > 0
          ? [
              [
                'sessionCancelled.refund',
                { amount: formatMoney(seat.refundCents, reader.language) },
              ] as const,
            ]
          : []),
        ['seatDecision.otherSessions'],
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To the educator, at the session's cutoff: fewer students than the minimum, cancelled. */
  educatorTooFewStudents: (
    reader: Reader,
    session: {
      lessonTitle: string
      session: SessionTimes
      students: number
      /** The paid seats among them, refunded in full. */
      refunds: number
      minSlots: number
      lessonUrl: string
    },
  ): Email => {
    const facts = seatFacts(reader.language, session.lessonTitle, session.session)
    return render(reader, {
      subject: ['seatDecision.cancelledSubject', facts],
      paragraphs: [
        [
          'seatDecision.educatorCancelledBody',
          { ...facts, count: session.students, minimum: session.minSlots },
        ],
        ...(session.students === 0
          ? []
          : session.refunds > 0
            ? [['seatDecision.educatorRefunds'] as const]
            : [['seatDecision.educatorTold'] as const]),
      ],
      link: { label: ['common.lessonPageLink'], url: session.lessonUrl },
    })
  },

  /**
   * To the first student in line for a full session's seat: one is free and held for them until
   * `heldUntil`, with the lesson page to take it on. The deadline is in the session's zone, named,
   * as the session's own times are (sessionWhen), so the two read alike.
   */
  waitlistOffer: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; heldUntil: Date; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    const until = instantWhen(reader.language, seat.heldUntil, seat.session.timezone)
    return render(reader, {
      subject: ['waitlist.offerSubject', facts],
      paragraphs: [['waitlist.offerBody', { ...facts, until }], ['waitlist.offerTake']],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To a student waiting for a seat in a session that was cancelled or removed. */
  waitlistClosed: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; lessonUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['waitlist.closedSubject', facts],
      paragraphs: [['waitlist.closedBody', facts], ['seatDecision.otherSessions']],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To a student who attended a session, once it ended: a link to review the lesson. */
  reviewRequest: (
    reader: Reader,
    seat: { lessonTitle: string; session: SessionTimes; reviewUrl: string },
  ): Email => {
    const facts = seatFacts(reader.language, seat.lessonTitle, seat.session)
    return render(reader, {
      subject: ['reviewRequest.subject', facts],
      paragraphs: [['reviewRequest.body', facts], ['reviewRequest.ask']],
      link: { label: ['reviewRequest.link'], url: seat.reviewUrl },
    })
  },

  /** To a student whose payment arrived after the seat went to someone else: refunded. */
  seatTaken: (reader: Reader, seat: PaidSeat): Email => {
    const amount = formatMoney(seat.refundCents, reader.language)
    return render(reader, {
      subject: [
        seat.session ? 'seatTaken.subject' : 'seatTaken.subjectSessionGone',
        { lessonTitle: seat.lessonTitle },
      ],
      paragraphs: [
        seat.session
          ? ['seatTaken.body', seatFacts(reader.language, seat.lessonTitle, seat.session)]
          : ['seatTaken.bodySessionGone', { lessonTitle: seat.lessonTitle }],
        ['seatTaken.refund', { amount }],
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  /** To a student whose payment was refunded at the provider: the seat is released. */
  refundedByProvider: (reader: Reader, seat: PaidSeat): Email => {
    const amount = formatMoney(seat.refundCents, reader.language)
    return render(reader, {
      subject: ['refundedByProvider.subject', { lessonTitle: seat.lessonTitle }],
      paragraphs: [
        seat.session
          ? [
              'refundedByProvider.body',
              { amount, ...seatFacts(reader.language, seat.lessonTitle, seat.session) },
            ]
          : ['refundedByProvider.bodySessionGone', { amount, lessonTitle: seat.lessonTitle }],
        ['refundedByProvider.again'],
      ],
      link: { label: ['common.lessonPageLink'], url: seat.lessonUrl },
    })
  },

  approved: (reader: Reader): Email =>
    render(reader, { subject: ['approved.subject'], paragraphs: [['approved.body']] }),

  licenceAssigned: (reader: Reader, licence: LicenceFacts): Email =>
    render(reader, {
      subject: ['licenceAssigned.subject'],
      paragraphs: [['licenceAssigned.body', licenceValues(reader.language, licence)]],
    }),

  licenceRemoved: (reader: Reader, licence: LicenceFacts): Email =>
    render(reader, {
      subject: ['licenceRemoved.subject'],
      paragraphs: [['licenceRemoved.body', licenceValues(reader.language, licence)]],
    }),

  /** To an educator below the earnings rule before its deadline (§9). */
  earningsRuleWarning: (reader: Reader & { timezone: string }, rule: EarningsRuleFacts): Email => {
    const values = earningsRuleValues(reader, rule)
    return render(reader, {
      subject: ['earningsRule.warningSubject', values],
      paragraphs: [['earningsRule.warningBody', values], ['earningsRule.warningConsequence']],
      link: { label: ['earningsRule.earningsPageLink'], url: rule.earningsUrl },
    })
  },

  /** To an educator deactivated at a deadline for being below the earnings rule. */
  earningsRuleDeactivated: (
    reader: Reader & { timezone: string },
    rule: EarningsRuleFacts & { supportEmail: string },
  ): Email => {
    const values = earningsRuleValues(reader, rule)
    return render(reader, {
      subject: ['earningsRule.deactivatedSubject'],
      paragraphs: [
        ['earningsRule.deactivatedBody', values],
        ['earningsRule.deactivatedEffects'],
        ['earningsRule.deactivatedSupport', { supportEmail: rule.supportEmail }],
      ],
      link: { label: ['earningsRule.earningsPageLink'], url: rule.earningsUrl },
    })
  },

  /** To an educator an admin reactivated: the new period's deadline. */
  reactivated: (
    reader: Reader & { timezone: string },
    rule: { deadline: Date; minJpy: number; earningsUrl: string },
  ): Email =>
    render(reader, {
      subject: ['earningsRule.reactivatedSubject'],
      paragraphs: [
        [
          'earningsRule.reactivatedBody',
          {
            minimum: formatYen(rule.minJpy, reader.language),
            deadline: instantWhen(reader.language, rule.deadline, reader.timezone),
          },
        ],
      ],
      link: { label: ['earningsRule.earningsPageLink'], url: rule.earningsUrl },
    }),
}

/** A period of the earnings rule as its e-mails tell it. */
export interface EarningsRuleFacts {
  periodStart: Date
  deadline: Date
  earnedJpy: number
  minJpy: number
  usdJpy: number
  earningsUrl: string
}

/** The rule's sums in yen and its instants in the educator's zone, in their language. */
const earningsRuleValues = (
  reader: { language: Language; timezone: string },
  rule: EarningsRuleFacts,
) => ({
  minimum: formatYen(rule.minJpy, reader.language),
  earned: formatYen(rule.earnedJpy, reader.language),
  needed: formatYen(Math.max(0, rule.minJpy - rule.earnedJpy), reader.language),
  rate: formatRate(rule.usdJpy, reader.language),
  start: instantWhen(reader.language, rule.periodStart, reader.timezone),
  deadline: instantWhen(reader.language, rule.deadline, reader.timezone),
})
