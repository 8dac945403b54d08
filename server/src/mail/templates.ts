import type { Language } from '../../../contract/entities.ts'

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
}
