import type { EarningsLine, Language, RefundReason } from './entities.ts'

/**
 * An educator's earnings as a CSV file a spreadsheet opens as it is (issue 32): UTF-8 with a byte
 * order mark (so Excel reads Japanese names), CRLF line ends, RFC 4180 quoting, amounts in
 * dollars with two decimals, instants in the educator's zone. The server and the mocks both
 * write it with this, in the reader's language.
 */

const HEADERS: Record<Language, readonly string[]> = {
  'en-US': [
    'Date',
    'Type',
    'Lesson',
    'Session',
    'Student',
    'Gross (USD)',
    'Platform fee (USD)',
    'Your share (USD)',
    'Refund reason',
    'Refund pending',
  ],
  'jp-JP': [
    '日時',
    '種別',
    'レッスン',
    'セッション',
    '受講者',
    '支払額（USD）',
    'プラットフォーム手数料（USD）',
    '受取額（USD）',
    '返金理由',
    '返金処理中',
  ],
}

const KINDS: Record<Language, Record<EarningsLine['kind'], string>> = {
  'en-US': { payment: 'Payment', refund: 'Refund' },
  'jp-JP': { payment: '支払い', refund: '返金' },
}

const REASONS: Record<Language, Record<RefundReason, string>> = {
  'en-US': {
    unenrolled: 'The student unenrolled',
    sessionCancelled: 'The session was cancelled',
    seatTaken: 'The seat was taken',
    tooFewStudents: 'Too few students',
    provider: 'Refunded at PayPal',
  },
  'jp-JP': {
    unenrolled: '受講者が受講を取り消しました',
    sessionCancelled: 'セッションが中止されました',
    seatTaken: '席が埋まっていました',
    tooFewStudents: '受講者不足',
    provider: 'PayPalで返金されました',
  },
}

const YES_NO: Record<Language, readonly [string, string]> = {
  'en-US': ['Yes', 'No'],
  'jp-JP': ['はい', 'いいえ'],
}

/** Cents as dollars with two decimals, exactly (no floating point): -1705 → "-17.05". */
export const centsAsDollars = (cents: number) => {
  const whole = Math.abs(Math.trunc(cents))
  const sign = cents < 0 ? '-' : ''
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

/** "2026-11-03 10:00" in the zone: a form every spreadsheet reads as a date and time. */
const localDateTimeIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return (instant: string) => format.format(new Date(instant))
}

/**
 * One text cell, quoted when it holds a comma, a quote or a line break. Text a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) is kept as text by a
 * leading apostrophe: a lesson title is the educator's, a name the student's.
 */
const textCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const earningsCsv = (
  lines: readonly EarningsLine[],
  { language, timeZone }: { language: Language; timeZone: string },
) => {
  const [yes, no] = YES_NO[language]
  // One formatter for the file, not two per line.
  const localDateTime = localDateTimeIn(timeZone)
  const rows = lines.map((line) =>
    [
      localDateTime(line.at),
      KINDS[language][line.kind],
      textCell(line.lessonTitle),
      line.sessionStart === null ? '' : localDateTime(line.sessionStart),
      textCell(line.studentFirstName),
      centsAsDollars(line.grossCents),
      centsAsDollars(line.feeCents),
      centsAsDollars(line.shareCents),
      line.refundReason === null ? '' : REASONS[language][line.refundReason],
      line.kind === 'refund' ? (line.pending ? yes : no) : '',
    ].join(','),
  )
  return `\uFEFF${[HEADERS[language].join(','), ...rows].join('\r\n')}\r\n`
}
