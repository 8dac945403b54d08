import { describe, expect, it } from 'vitest'
import { formatMoney, sessionWhen, zoneName } from '../src/mail/format.ts'

/** A session of the zone from `start` to `end` (UTC instants). */
const session = (timezone: string, start: string, end: string) => ({
  startTime: new Date(start),
  endTime: new Date(end),
  timezone,
})

describe("a session's date and hours in an e-mail", () => {
  const tokyo = session('Asia/Tokyo', '2026-12-11T09:00:00Z', '2026-12-11T10:00:00Z')

  it('reads as Japanese writes it, the zone by its plain name', () => {
    expect(sessionWhen('jp-JP', tokyo)).toBe('2026年12月11日(金) 18:00–19:00 日本時間')
  })

  it('reads as English writes it, the zone by its full name', () => {
    expect(sessionWhen('en-US', tokyo)).toBe(
      'Friday, 11 December 2026, 18:00–19:00 Japan Standard Time',
    )
  })

  it('is the date of the session in its own zone, not in UTC', () => {
    // 23:30 UTC on the 10th is 08:30 on the 11th in Tokyo.
    const early = session('Asia/Tokyo', '2026-12-10T23:30:00Z', '2026-12-11T00:30:00Z')
    expect(sessionWhen('en-US', early)).toBe(
      'Friday, 11 December 2026, 08:30–09:30 Japan Standard Time',
    )
  })

  it('names summer time where the zone keeps it, and standard time outside it', () => {
    const summer = session('Europe/London', '2026-07-10T17:00:00Z', '2026-07-10T18:30:00Z')
    expect(sessionWhen('en-US', summer)).toBe(
      'Friday, 10 July 2026, 18:00–19:30 British Summer Time',
    )
    expect(sessionWhen('jp-JP', summer)).toBe('2026年7月10日(金) 18:00–19:30 英国夏時間')
    const winter = session('Europe/London', '2026-12-11T18:00:00Z', '2026-12-11T19:00:00Z')
    expect(sessionWhen('en-US', winter)).toBe(
      'Friday, 11 December 2026, 18:00–19:00 Greenwich Mean Time',
    )
    expect(sessionWhen('jp-JP', winter)).toBe('2026年12月11日(金) 18:00–19:00 グリニッジ標準時')
  })

  it('names the zone at each end of a session the clocks change in', () => {
    // 29 March 2026, 01:00 UTC: London goes from GMT to BST.
    const change = session('Europe/London', '2026-03-29T00:30:00Z', '2026-03-29T02:00:00Z')
    expect(sessionWhen('en-US', change)).toBe(
      'Sunday, 29 March 2026, 00:30 Greenwich Mean Time – 03:00 British Summer Time',
    )
    expect(sessionWhen('jp-JP', change)).toBe(
      '2026年3月29日(日) 00:30（グリニッジ標準時）–03:00（英国夏時間）',
    )
    // Ending a minute before the change, both ends are in GMT; ending at it, the end is in BST.
    const before = session('Europe/London', '2026-03-29T00:00:00Z', '2026-03-29T00:59:00Z')
    expect(sessionWhen('en-US', before)).toBe(
      'Sunday, 29 March 2026, 00:00–00:59 Greenwich Mean Time',
    )
    const atChange = session('Europe/London', '2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z')
    expect(sessionWhen('en-US', atChange)).toBe(
      'Sunday, 29 March 2026, 00:00 Greenwich Mean Time – 02:00 British Summer Time',
    )
  })

  it('writes hours in 24-hour time with an en dash', () => {
    const evening = session('America/New_York', '2026-12-11T23:05:00Z', '2026-12-12T00:45:00Z')
    expect(sessionWhen('en-US', evening)).toBe(
      'Friday, 11 December 2026, 18:05–19:45 Eastern Standard Time',
    )
    expect(sessionWhen('jp-JP', evening)).toBe('2026年12月11日(金) 18:05–19:45 米国東部標準時')
  })
})

describe('the name of a zone', () => {
  const december = new Date('2026-12-11T09:00:00Z')

  it('in Japanese is the plain name of a zone without summer time, the full one with it', () => {
    expect(zoneName('jp-JP', 'Asia/Tokyo', december)).toBe('日本時間')
    expect(zoneName('jp-JP', 'Asia/Kolkata', december)).toBe('インド時間')
    expect(zoneName('jp-JP', 'Australia/Sydney', december)).toBe('オーストラリア東部夏時間')
    expect(zoneName('jp-JP', 'Australia/Sydney', new Date('2026-07-01T00:00:00Z'))).toBe(
      'オーストラリア東部標準時',
    )
  })

  it('in English is the full name', () => {
    expect(zoneName('en-US', 'Asia/Kolkata', december)).toBe('India Standard Time')
    expect(zoneName('en-US', 'Asia/Kathmandu', december)).toBe('Nepal Time')
  })

  it('falls back to the offset for a zone with no name', () => {
    expect(zoneName('en-US', 'Etc/GMT-5', december)).toBe('GMT+05:00')
    expect(zoneName('jp-JP', 'Etc/GMT-5', december)).toBe('GMT+05:00')
    expect(zoneName('en-US', 'Etc/GMT+3', december)).toBe('GMT-03:00')
  })
})

describe('money in an e-mail', () => {
  it('is US dollars from integer cents, in either language', () => {
    expect(formatMoney(2000, 'en-US')).toBe('$20.00')
    expect(formatMoney(2000, 'jp-JP')).toBe('$20.00')
    expect(formatMoney(1, 'en-US')).toBe('$0.01')
    expect(formatMoney(123456, 'en-US')).toBe('$1,234.56')
    expect(formatMoney(123456, 'jp-JP')).toBe('$1,234.56')
  })
})
