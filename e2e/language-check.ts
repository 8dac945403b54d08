import type { BrowserContext } from 'playwright-core'

/**
 * What a journey read: the text of every toast, field error, dialog and status that appeared on
 * its pages (recorded as they appear, so a toast that closes by itself is not missed), and the
 * e-mails it received.
 */
export interface ReadTexts {
  /** Each distinct text, with where it was read. */
  texts: Map<string, string>
}

/** Toasts and alerts, field errors (`<field>-error`), dialogs and live statuses. */
const WATCHED =
  '[role="alert"], [role="alertdialog"], [role="dialog"], dialog[open], [role="status"], [id$="-error"]'

/**
 * Records, in every page of the context, the text of each watched element whenever the page
 * changes, into `read` (kept in the test's process, so it survives navigations).
 */
export const recordReadTexts = async (context: BrowserContext, read: ReadTexts) => {
  await context.exposeBinding('manabiRead', ({ page }, text: string) => {
    if (!read.texts.has(text)) read.texts.set(text, page.url())
  })
  await context.addInitScript((selector: string) => {
    const sent = new Set<string>()
    const record = () => {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        const text = element.innerText.trim()
        if (text === '' || sent.has(text)) continue
        sent.add(text)
        void (window as unknown as { manabiRead: (text: string) => Promise<void> }).manabiRead(text)
      }
    }
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['open', 'role', 'id'],
    })
  }, WATCHED)
}

/** Kana, kanji and the full-width forms Japanese text uses. */
const JAPANESE = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/

/**
 * Two or more Latin words in a row: an English phrase, not a name, a unit or an id. A word has a
 * small letter (an id such as "CAPTURE80ED" or "ID" is no word of a sentence).
 */
const ENGLISH_PHRASE = /\b[A-Za-z][a-z]+(?:[ \t,'’:;.!?()/-]+[A-Za-z]?[a-z]+)+\b/

/** A word of three letters or more with small ones: a text of one English word ("Required"). */
const ENGLISH_WORD = /\b[A-Za-z][a-z]{2,}\b/

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The sentences of `text` written in the other language than the journey's: for Japanese any
 * English phrase, or a sentence with no Japanese and an English word; for English any Japanese
 * character. `ownWords` are the names the journey's
 * users gave things (lesson titles, people, addresses), and brand names, which are no language's
 * sentence and are left out first; so are links.
 */
export const foreignSentences = (
  text: string,
  language: 'en-US' | 'jp-JP',
  ownWords: readonly string[],
) => {
  const words = [...ownWords].sort((a, b) => b.length - a.length).map(escapeRegExp)
  const cleaned = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+\.\w+/g, ' ')
    // Whole words only: a place called "Center" leaves "Centered" whole.
    .replace(
      words.length > 0
        ? new RegExp(`(?<![A-Za-z0-9])(?:${words.join('|')})(?![A-Za-z0-9])`, 'g')
        : /$^/,
      ' ',
    )
  return cleaned
    .split(/\n|(?<=[。！？])|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) =>
      language === 'jp-JP'
        ? ENGLISH_PHRASE.test(sentence) || (!JAPANESE.test(sentence) && ENGLISH_WORD.test(sentence))
        : JAPANESE.test(sentence),
    )
}

/**
 * The places of the time-zone database (Los Angeles, North Dakota, New Salem): the zone picker
 * names each zone by its place, which is a name, not a sentence.
 */
export const zonePlaces = () => [
  ...new Set(
    Intl.supportedValuesOf('timeZone').flatMap((zone) =>
      zone
        .split('/')
        .slice(1)
        .map((place) => place.replaceAll('_', ' ')),
    ),
  ),
]

/** One JSON line of the server's log about an e-mail kept in the outbox. */
interface LoggedEmail {
  to: string
  subject: string
  text: string
}

/** The e-mails the server logged (without SMTP) to any of `addresses`, oldest first. */
export const loggedEmails = (log: string, addresses: readonly string[]): LoggedEmail[] =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { to?: unknown; subject?: unknown; msg?: unknown }
        if (typeof entry.to !== 'string' || !addresses.includes(entry.to)) return []
        if (typeof entry.subject !== 'string' || typeof entry.msg !== 'string') return []
        // The log's own prefix is the operator's, not the e-mail's.
        const text = entry.msg.replace(/^[^\n]*\n/, '')
        return [{ to: entry.to, subject: entry.subject, text }]
      } catch {
        return []
      }
    })
