import type { Language, VideoProvider } from '../../../contract/entities.ts'

/** The licence an e-mail names: its provider and account. */
export interface LicenceFacts {
  provider: VideoProvider
  accountEmail: string
}

const PROVIDER_NAMES: Record<VideoProvider, string> = { zoom: 'Zoom', google_meet: 'Google Meet' }

export interface Email {
  subject: string
  text: string
  html: string
  /** Text attachments, e.g. a session's calendar file. */
  attachments?: { filename: string; contentType: string; content: string }[]
}

/**
 * A session's date and hours as its educator scheduled them, with the zone named, in the reader's
 * language: "Tuesday 24 November 2026, 10:00–11:00 (Asia/Tokyo)".
 */
export const sessionWhen = (
  language: Language,
  session: { startTime: Date; endTime: Date; timezone: string },
) => {
  const locale = language === 'jp-JP' ? 'ja-JP' : 'en-GB'
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: session.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(session.startTime)
  const hour = new Intl.DateTimeFormat(locale, {
    timeZone: session.timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return `${day}, ${hour.format(session.startTime)}–${hour.format(session.endTime)} (${session.timezone})`
}

/** Cents as dollars: 2000 → "$20.00". */
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const render = (
  greeting: string,
  lines: string[],
  link?: { url: string; label: string },
): Omit<Email, 'subject'> => ({
  text: [greeting, '', ...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n'),
  html: [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n'),
})

/** The e-mails the product sends, in the recipient's language. */
export const emails = {
  confirm: (language: Language, name: string, url: string): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: メールアドレスの確認',
          ...render(
            `${name} 様`,
            [
              'まなびへのご登録ありがとうございます。下のリンクからメールアドレスを確認してください。リンクの有効期限は24時間です。',
            ],
            { url, label: 'メールアドレスを確認する' },
          ),
        }
      : {
          subject: 'Manabi: confirm your e-mail address',
          ...render(
            `Hello ${name},`,
            [
              'Thank you for joining Manabi. Please confirm your e-mail address with the link below. It is valid for 24 hours.',
            ],
            { url, label: 'Confirm my e-mail address' },
          ),
        },

  reset: (language: Language, name: string, url: string): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: パスワードの再設定',
          ...render(
            `${name} 様`,
            [
              'パスワード再設定のリクエストを受け付けました。下のリンクから新しいパスワードを設定してください。リンクの有効期限は1時間です。心当たりがない場合は、このメールを無視してください。',
            ],
            { url, label: 'パスワードを再設定する' },
          ),
        }
      : {
          subject: 'Manabi: reset your password',
          ...render(
            `Hello ${name},`,
            [
              'We received a request to reset your password. Set a new one with the link below; it is valid for 1 hour. If you did not ask for this, you can ignore this e-mail.',
            ],
            { url, label: 'Reset my password' },
          ),
        },

  /** To the new address: the link that makes it the account's e-mail. */
  confirmEmailChange: (language: Language, name: string, newEmail: string, url: string): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: 新しいメールアドレスの確認',
          ...render(
            `${name} 様`,
            [
              `まなびのアカウントのメールアドレスを ${newEmail} に変更するリクエストを受け付けました。下のリンクから確認すると変更が完了します。リンクの有効期限は24時間です。心当たりがない場合は、このメールを無視してください。`,
            ],
            { url, label: '新しいメールアドレスを確認する' },
          ),
        }
      : {
          subject: 'Manabi: confirm your new e-mail address',
          ...render(
            `Hello ${name},`,
            [
              `We received a request to change the e-mail address of your Manabi account to ${newEmail}. The change is made when you confirm it with the link below, which is valid for 24 hours. If you did not ask for this, you can ignore this e-mail.`,
            ],
            { url, label: 'Confirm my new e-mail address' },
          ),
        },

  /**
   * To the address in use: someone signed in asked to replace it. The owner who did not can stop
   * it by resetting the password, which cancels the change and signs every device out.
   */
  emailChangeRequested: (
    language: Language,
    name: string,
    newEmail: string,
    resetUrl: string,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: メールアドレス変更のリクエスト',
          ...render(
            `${name} 様`,
            [
              `アカウントのメールアドレスを ${newEmail} に変更するリクエストがありました。新しいアドレスで確認されるまで、このアドレスが引き続き使われます。`,
              '心当たりがない場合は、下のリンクからすぐにパスワードを再設定してください。変更のリクエストは取り消され、すべての端末からサインアウトされます。',
            ],
            { url: resetUrl, label: 'パスワードを再設定する' },
          ),
        }
      : {
          subject: 'Manabi: a change of your e-mail address was requested',
          ...render(
            `Hello ${name},`,
            [
              `Someone signed in to your account asked to change its e-mail address to ${newEmail}. This address stays in use until the new one is confirmed.`,
              'If this was not you, reset your password now with the link below: that cancels the change and signs out every device.',
            ],
            { url: resetUrl, label: 'Reset my password' },
          ),
        },

  /** To the owner, after the password was changed in the settings. */
  passwordChanged: (language: Language, name: string, resetUrl: string): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: パスワードが変更されました',
          ...render(
            `${name} 様`,
            [
              'アカウントのパスワードが変更されました。ほかの端末はサインアウトされています。',
              '心当たりがない場合は、下のリンクからすぐにパスワードを再設定してください。',
            ],
            { url: resetUrl, label: 'パスワードを再設定する' },
          ),
        }
      : {
          subject: 'Manabi: your password was changed',
          ...render(
            `Hello ${name},`,
            [
              'The password of your account was changed, and your other devices were signed out.',
              'If this was not you, reset your password now with the link below.',
            ],
            { url: resetUrl, label: 'Reset my password' },
          ),
        },

  unenrolled: (
    language: Language,
    educatorName: string,
    studentName: string,
    lessonTitle: string,
    when: string,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: `まなび: ${lessonTitle} の受講取り消し`,
          ...render(`${educatorName} 様`, [
            `${studentName} さんが ${when} の「${lessonTitle}」の受講登録を取り消しました。`,
          ]),
        }
      : {
          subject: `Manabi: a student left ${lessonTitle}`,
          ...render(`Hello ${educatorName},`, [
            `${studentName} unenrolled from "${lessonTitle}" on ${when}.`,
          ]),
        },

  enrolled: (
    language: Language,
    name: string,
    lessonTitle: string,
    when: string,
    paidCents: number,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: `まなび: 「${lessonTitle}」の受講が確定しました`,
          ...render(`${name} 様`, [
            `${when} の「${lessonTitle}」の受講登録が完了しました。`,
            ...(paidCents > 0
              ? [`お支払い額: ${usd(paidCents)}（セッション開始前に取り消すと全額返金されます）`]
              : []),
            '添付のカレンダーファイルで予定に追加できます。参加リンクは開始5分前からレッスンページに表示されます。',
          ]),
        }
      : {
          subject: `Manabi: you are enrolled in ${lessonTitle}`,
          ...render(`Hello ${name},`, [
            `Your seat in "${lessonTitle}" on ${when} is confirmed.`,
            ...(paidCents > 0
              ? [
                  `You paid ${usd(paidCents)}; unenroll before the session starts for a full refund.`,
                ]
              : []),
            'The attached calendar file adds it to your calendar. The join link appears on the lesson page from 5 minutes before the start.',
          ]),
        },

  sessionCancelled: (
    language: Language,
    name: string,
    lessonTitle: string,
    when: string,
    refundCents: number,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: `まなび: 「${lessonTitle}」のセッションが中止になりました`,
          ...render(`${name} 様`, [
            `講師が ${when} の「${lessonTitle}」のセッションを中止しました。`,
            ...(refundCents > 0
              ? [`お支払いいただいた ${usd(refundCents)} は全額返金されます。`]
              : []),
          ]),
        }
      : {
          subject: `Manabi: a session of ${lessonTitle} was cancelled`,
          ...render(`Hello ${name},`, [
            `The educator cancelled the session of "${lessonTitle}" on ${when}.`,
            ...(refundCents > 0
              ? [`Your payment of ${usd(refundCents)} is refunded in full.`]
              : []),
          ]),
        },

  seatTaken: (
    language: Language,
    name: string,
    lessonTitle: string,
    when: string,
    refundCents: number,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: `まなび: 「${lessonTitle}」の席を確保できませんでした`,
          ...render(`${name} 様`, [
            `お支払いの完了前に ${when} の「${lessonTitle}」の席の確保期限が切れ、席が埋まってしまいました。`,
            `お支払いいただいた ${usd(refundCents)} は全額返金されます。`,
          ]),
        }
      : {
          subject: `Manabi: your seat in ${lessonTitle} was taken`,
          ...render(`Hello ${name},`, [
            `Your seat hold for "${lessonTitle}" on ${when} ran out before the payment arrived, and the seat went to someone else.`,
            `Your payment of ${usd(refundCents)} is refunded in full.`,
          ]),
        },

  refundedByProvider: (
    language: Language,
    name: string,
    lessonTitle: string,
    when: string,
    refundCents: number,
  ): Email =>
    language === 'jp-JP'
      ? {
          subject: `まなび: 「${lessonTitle}」のお支払いが返金されました`,
          ...render(`${name} 様`, [
            `${when} の「${lessonTitle}」のお支払い ${usd(refundCents)} が PayPal で返金されたため、受講登録を取り消しました。`,
            '受講を希望される場合は、レッスンページからもう一度お申し込みください。',
          ]),
        }
      : {
          subject: `Manabi: your payment for ${lessonTitle} was refunded`,
          ...render(`Hello ${name},`, [
            `Your payment of ${usd(refundCents)} for "${lessonTitle}" on ${when} was refunded at PayPal, so your seat was released.`,
            'To take part after all, enroll again from the lesson page.',
          ]),
        },

  approved: (language: Language, name: string): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: 講師アカウントが承認されました',
          ...render(`${name} 様`, [
            '管理者があなたの講師アカウントを承認しました。レッスン、セッション、教材を作成できるようになりました。',
          ]),
        }
      : {
          subject: 'Manabi: your educator account is approved',
          ...render(`Hello ${name},`, [
            'An admin has approved your educator account. You can now create lessons, sessions and materials.',
          ]),
        },

  licenceAssigned: (language: Language, name: string, licence: LicenceFacts): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: ビデオ会議ライセンスが割り当てられました',
          ...render(`${name} 様`, [
            `${PROVIDER_NAMES[licence.provider]} のアカウント ${licence.accountEmail} があなたに割り当てられました。今後のセッションではこのアカウントを使ってください。`,
          ]),
        }
      : {
          subject: 'Manabi: a video-conference licence is yours',
          ...render(`Hello ${name},`, [
            `The ${PROVIDER_NAMES[licence.provider]} account ${licence.accountEmail} is now assigned to you. Use it for your sessions from now on.`,
          ]),
        },

  licenceRemoved: (language: Language, name: string, licence: LicenceFacts): Email =>
    language === 'jp-JP'
      ? {
          subject: 'まなび: ビデオ会議ライセンスが解除されました',
          ...render(`${name} 様`, [
            `${PROVIDER_NAMES[licence.provider]} のアカウント ${licence.accountEmail} の割り当てが解除されました。予定中のセッションのミーティングリンクを確認してください。`,
          ]),
        }
      : {
          subject: 'Manabi: your video-conference licence was removed',
          ...render(`Hello ${name},`, [
            `The ${PROVIDER_NAMES[licence.provider]} account ${licence.accountEmail} is no longer assigned to you. Please check the meeting links of your upcoming sessions.`,
          ]),
        },
}
