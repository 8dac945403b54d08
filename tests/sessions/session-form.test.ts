import { utcToZoned, zonedTimeToUtc } from '@contract/rules'
import { describe, expect, it } from 'vitest'
import {
  quickSession,
  sessionFormValues,
  sessionSchema,
} from '@/features/sessions/lib/session-form'
import { timeZoneOptions } from '@/shared/lib/time-zones'

describe('utcToZoned: the wall clock an instant reads as in a zone', () => {
  it('reads the date and time in the zone, crossing the date line', () => {
    expect(utcToZoned('2026-07-01T20:00:00Z', 'Asia/Tokyo')).toEqual({
      date: '2026-07-02',
      time: '05:00',
    })
    expect(utcToZoned('2026-07-01T20:00:00Z', 'America/Los_Angeles')).toEqual({
      date: '2026-07-01',
      time: '13:00',
    })
    expect(utcToZoned(Date.UTC(2026, 0, 1), 'UTC')).toEqual({ date: '2026-01-01', time: '00:00' })
  })

  it('follows daylight saving and midnight (00, never 24)', () => {
    expect(utcToZoned('2026-03-08T06:30:00Z', 'America/New_York').time).toBe('01:30')
    expect(utcToZoned('2026-03-08T07:30:00Z', 'America/New_York').time).toBe('03:30')
    expect(utcToZoned('2026-07-14T23:00:00Z', 'Europe/London')).toEqual({
      date: '2026-07-15',
      time: '00:00',
    })
  })

  it('is the inverse of zonedTimeToUtc', () => {
    for (const zone of ['Asia/Tokyo', 'Europe/London', 'America/New_York', 'Asia/Kolkata']) {
      const instant = zonedTimeToUtc('2026-10-25', '09:45', zone)
      expect(utcToZoned(instant, zone)).toEqual({ date: '2026-10-25', time: '09:45' })
    }
  })
})

describe('quickSession', () => {
  const at = (iso: string) => Date.parse(iso)

  it('starts N minutes from now rounded up to the minute, for the chosen length', () => {
    expect(quickSession(at('2026-05-01T10:00:00Z'), 5, 30, 'UTC')).toEqual({
      ok: true,
      date: '2026-05-01',
      startHour: '10:05',
      endHour: '10:35',
    })
    expect(quickSession(at('2026-05-01T10:00:01Z'), 5, 90, 'Asia/Tokyo')).toEqual({
      ok: true,
      date: '2026-05-01',
      startHour: '19:06',
      endHour: '20:36',
    })
    // A millisecond past the minute is never rounded down to a start sooner than asked.
    expect(quickSession(at('2026-05-01T10:00:00.001Z'), 5, 30, 'UTC')).toMatchObject({
      startHour: '10:06',
      endHour: '10:36',
    })
  })

  it('refuses one ending after or at midnight, and one starting on the next day is fine', () => {
    expect(quickSession(at('2026-05-01T23:00:00Z'), 30, 60, 'UTC')).toEqual({
      ok: false,
      reason: 'crossesMidnight',
    })
    expect(quickSession(at('2026-05-01T23:00:00Z'), 30, 30, 'UTC')).toEqual({
      ok: false,
      reason: 'crossesMidnight',
    })
    expect(quickSession(at('2026-05-01T23:50:00Z'), 15, 30, 'UTC')).toEqual({
      ok: true,
      date: '2026-05-02',
      startHour: '00:05',
      endHour: '00:35',
    })
  })
})

describe('the session form’s rules', () => {
  const now = () => Date.parse('2026-03-01T00:00:00Z')
  const valid = {
    date: '2026-03-08',
    startHour: '01:00',
    endHour: '04:00',
    timezone: 'America/New_York',
    url: 'https://zoom.us/j/123',
  }
  const problems = async (values: Record<string, string>) => {
    try {
      await sessionSchema(now).validate(values, { abortEarly: false })
      return []
    } catch (error) {
      return (error as { errors: string[] }).errors
    }
  }

  it('accepts a valid session', async () => {
    expect(await problems(valid)).toEqual([])
  })

  it('reads the hours in the chosen zone, as the server does (a start in the DST gap moves)', async () => {
    // 02:30 does not exist in New York that day: it is 03:30, after an end at 03:15.
    expect(await problems({ ...valid, startHour: '02:30', endHour: '03:15' })).toEqual([
      'sessions.editor.errors.endAfterStart',
    ])
  })

  it('refuses an impossible date, a malformed time and an unknown zone', async () => {
    expect(await problems({ ...valid, date: '2026-02-31' })).toEqual([
      'sessions.editor.errors.invalidDate',
    ])
    expect(await problems({ ...valid, startHour: '25:00' })).toEqual([
      'sessions.editor.errors.invalidTime',
    ])
    expect(await problems({ ...valid, timezone: 'Mars/Olympus' })).toEqual([
      'sessions.editor.errors.timeZone',
    ])
  })

  it('asks for the rest of a partly chosen date or time, once, not as malformed', async () => {
    for (const date of ['2026-03-', '-03-08', '2026--08', '--08']) {
      expect(await problems({ ...valid, date })).toEqual(['sessions.editor.errors.dateIncomplete'])
    }
    for (const endHour of ['04:', ':00']) {
      expect(await problems({ ...valid, endHour })).toEqual([
        'sessions.editor.errors.timeIncomplete',
      ])
    }
    // Nothing chosen is the required message (the form shows a field's first); something else
    // malformed stays malformed.
    expect((await problems({ ...valid, date: '' }))[0]).toBe('sessions.editor.errors.dateRequired')
    expect(await problems({ ...valid, date: '2026-3-8' })).toEqual([
      'sessions.editor.errors.invalidDate',
    ])
    expect(await problems({ ...valid, startHour: '1:00' })).toEqual([
      'sessions.editor.errors.invalidTime',
    ])
  })

  it('refuses a start that is not ahead of now', async () => {
    expect(
      await problems({ ...valid, date: '2026-02-28', startHour: '18:00', endHour: '20:00' }),
    ).toEqual(['sessions.editor.errors.startInPast'])
  })

  it('fills the form from a stored session in the zone it was scheduled in', () => {
    expect(
      sessionFormValues({
        start_time: '2026-07-01T01:00:00.000Z',
        end_time: '2026-07-01T02:30:00.000Z',
        timezone: 'Asia/Tokyo',
        url: null,
      }),
    ).toEqual({
      date: '2026-07-01',
      startHour: '10:00',
      endHour: '11:30',
      timezone: 'Asia/Tokyo',
      url: '',
    })
  })
})

describe('timeZoneOptions', () => {
  it('holds UTC and the zones the form must show, sorted, without unknown ones', () => {
    const zones = timeZoneOptions('Asia/Calcutta', 'Nowhere/Land')
    expect(zones).toContain('UTC')
    expect(zones).toContain('Asia/Calcutta')
    expect(zones).toContain('Asia/Tokyo')
    expect(zones).not.toContain('Nowhere/Land')
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)))
  })

  it('still offers UTC and the given zones where the engine cannot list its zones', () => {
    const list = Intl.supportedValuesOf
    Object.defineProperty(Intl, 'supportedValuesOf', { value: undefined, configurable: true })
    try {
      expect(timeZoneOptions('Europe/Paris', 'Asia/Tokyo')).toEqual([
        'Asia/Tokyo',
        'Europe/Paris',
        'UTC',
      ])
    } finally {
      Object.defineProperty(Intl, 'supportedValuesOf', { value: list, configurable: true })
    }
  })
})
