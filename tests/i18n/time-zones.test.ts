import { zonedTimeToUtc } from '@contract/rules'
import { afterEach, describe, expect, it } from 'vitest'
import { formatDate, formatTime } from '@/shared/i18n/format'

const originalZone = process.env.TZ

afterEach(() => {
  process.env.TZ = originalZone
})

describe("times in the viewer's time zone", () => {
  it('follow daylight saving: the same UTC hour reads differently either side of the change', () => {
    process.env.TZ = 'America/New_York'
    // 8 March 2026, 2:00 local: clocks spring forward from EST (UTC−5) to EDT (UTC−4).
    expect(formatTime('2026-03-08T06:30:00Z')).toBe('01:30')
    expect(formatTime('2026-03-08T07:30:00Z')).toBe('03:30')
    // 1 November 2026: back to EST; 05:30Z and 06:30Z both read 01:30.
    expect(formatTime('2026-11-01T05:30:00Z')).toBe('01:30')
    expect(formatTime('2026-11-01T06:30:00Z')).toBe('01:30')
  })

  it('put an instant on the viewer’s own calendar day', () => {
    const instant = '2026-07-01T20:00:00Z'
    process.env.TZ = 'Asia/Tokyo'
    expect(formatDate(instant, 'en-US')).toBe('2 July 2026')
    expect(formatTime(instant)).toBe('05:00')
    process.env.TZ = 'America/Los_Angeles'
    expect(formatDate(instant, 'en-US')).toBe('1 July 2026')
    expect(formatTime(instant)).toBe('13:00')
  })
})

describe('an educator’s wall-clock session time (zonedTimeToUtc)', () => {
  it('uses the offset in force on that date', () => {
    expect(zonedTimeToUtc('2026-01-15', '10:00', 'Europe/London').toISOString()).toBe(
      '2026-01-15T10:00:00.000Z',
    )
    expect(zonedTimeToUtc('2026-07-15', '10:00', 'Europe/London').toISOString()).toBe(
      '2026-07-15T09:00:00.000Z',
    )
    expect(zonedTimeToUtc('2026-07-15', '10:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-07-15T01:00:00.000Z',
    )
  })

  it('resolves a time skipped by the spring-forward gap to the later offset', () => {
    // 02:30 does not exist in New York on 8 March 2026.
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(zonedTimeToUtc('2026-03-08', '03:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })
})
