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
}

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
