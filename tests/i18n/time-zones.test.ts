import { zonedTimeToUtc } from '@contract/rules'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatDate,
  formatDateIn,
  formatDuration,
  formatTime,
  formatTimeIn,
  formatTimeRange,
  prepareDateFormatting,
  viewerTimeZone,
  zoneLabel,
} from '@/shared/i18n/format'

const originalZone = process.env.TZ

/** Lets the current synchronous run end, as the next task of a browser would. */
const nextRun = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

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

  it('put an instant on the viewer’s own calendar day', async () => {
    const instant = '2026-07-01T20:00:00Z'
    process.env.TZ = 'Asia/Tokyo'
    expect(formatDate(instant, 'en-US')).toBe('2 July 2026')
    expect(formatTime(instant)).toBe('05:00')
    // The system's zone changes between tasks, as a browser applies it.
    await nextRun()
    process.env.TZ = 'America/Los_Angeles'
    expect(formatDate(instant, 'en-US')).toBe('1 July 2026')
    expect(formatTime(instant)).toBe('13:00')
  })

  it("read the viewer's zone once per synchronous run, and again in the next", async () => {
    process.env.TZ = 'Asia/Tokyo'
    await nextRun()
    const read = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
    expect(viewerTimeZone()).toBe('Asia/Tokyo')
    process.env.TZ = 'America/Los_Angeles'
    expect(formatTime('2026-07-01T20:00:00Z')).toBe('05:00')
    expect(read).toHaveBeenCalledTimes(1)
    await nextRun()
    expect(viewerTimeZone()).toBe('America/Los_Angeles')
    expect(formatTime('2026-07-01T20:00:00Z')).toBe('13:00')
    expect(read).toHaveBeenCalledTimes(2)
    read.mockRestore()
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

describe('times with their zone named', () => {
  it("name the viewer's zone by its abbreviation, daylight saving included", () => {
    process.env.TZ = 'America/New_York'
    expect(viewerTimeZone()).toBe('America/New_York')
    expect(formatTimeRange('2026-01-15T15:00:00Z', '2026-01-15T16:00:00Z', 'en-US')).toBe(
      '10:00 – 11:00 EST',
    )
    expect(formatTimeRange('2026-07-15T14:00:00Z', '2026-07-15T15:00:00Z', 'en-US')).toBe(
      '10:00 – 11:00 EDT',
    )
  })

  it('name the place where a language has only an offset for the zone', () => {
    process.env.TZ = 'Asia/Tokyo'
    const [start, end] = ['2026-12-01T01:00:00Z', '2026-12-01T02:00:00Z']
    expect(formatTimeRange(start, end, 'jp-JP')).toBe('10:00 – 11:00 JST')
    // English writes Tokyo's zone as "GMT+9": the place says more.
    expect(formatTimeRange(start, end, 'en-US')).toBe('10:00 – 11:00 Japan Time')
    expect(zoneLabel(start, 'jp-JP', 'America/New_York')).toBe('ニューヨーク時間')
    expect(zoneLabel(start, 'en-US', 'UTC')).toBe('UTC')
    // A zone no language names keeps its offset rather than nothing.
    expect(zoneLabel(start, 'en-US', 'Etc/GMT-3')).toMatch(/^GMT\+3$/)
  })

  it("show another zone's wall clock and calendar day (an educator's)", () => {
    process.env.TZ = 'America/Los_Angeles'
    const instant = '2026-07-01T20:00:00Z'
    expect(formatTimeIn(instant, 'Asia/Tokyo')).toBe('05:00')
    expect(formatDateIn(instant, 'en-US', 'Asia/Tokyo')).toBe('2 July 2026')
    expect(formatDateIn(instant, 'jp-JP', 'America/Los_Angeles')).toBe('2026年7月1日')
    expect(formatTimeRange(instant, '2026-07-01T21:30:00Z', 'en-US', 'Europe/London')).toBe(
      '21:00 – 22:30 United Kingdom Time',
    )
  })

  it('give a length in hours and minutes in both languages', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes))
    expect(formatDuration(at(0), at(45), 'en-US')).toBe('45 min')
    expect(formatDuration(at(0), at(60), 'en-US')).toBe('1 hr')
    expect(formatDuration(at(0), at(90), 'en-US')).toBe('1 hr 30 min')
    expect(formatDuration(at(0), at(45), 'jp-JP')).toBe('45分')
    expect(formatDuration(at(0), at(60), 'jp-JP')).toBe('1時間')
    expect(formatDuration(at(0), at(90), 'jp-JP')).toBe('1時間30分')
    expect(formatDuration(at(0), at(0), 'en-US')).toBe('0 min')
  })
})

/** Counts the dates formatted: `format` is a getter of Intl.DateTimeFormat's prototype. */
const spyOnFormat = () =>
  vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, 'format', 'get')

describe('preparing date formatting', () => {
  it('formats a date in the viewer’s zone when the page is idle, not before', () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    const formatted = spyOnFormat()
    prepareDateFormatting('jp-JP')
    expect(formatted).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    idle[0]?.()
    expect(formatted).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
  })

  it('waits for the next task where the browser has no idle callbacks', () => {
    const formatted = spyOnFormat()
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.stubGlobal('requestIdleCallback', undefined)
    prepareDateFormatting('en-US')
    expect(formatted).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(formatted).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
})
