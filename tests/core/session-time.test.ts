import { describe, expect, it } from 'vitest'
import {
  canSeeMeetingLink,
  compareListedSessions,
  hasEnded,
  isValidTimeZone,
  JOIN_WINDOW_MS,
  overlapping,
  SESSION_TYPES,
  sessionPriceInCents,
  sessionTypeFor,
  utcToZoned,
  zonedTimeToUtc,
} from '@contract/rules'

const START = '2026-06-01T10:00:00.000Z'
const END = '2026-06-01T11:00:00.000Z'
const session = { start_time: START, end_time: END }
const startMs = Date.parse(START)
const endMs = Date.parse(END)
const at = (ms: number) => new Date(ms)

const student = { enrolled: true, owner: false }
const stranger = { enrolled: false, owner: false }
const owner = { enrolled: false, owner: true }

describe('sessionTypeFor: a session as one viewer sees it (§4)', () => {
  it('names the four types', () => {
    expect(SESSION_TYPES).toEqual(['closed', 'open', 'enrolled', 'live'])
  })

  it.each([
    // [instant, enrolled student, stranger, owner]
    ['one ms before the start', startMs - 1, 'enrolled', 'open', 'open'],
    ['at the start', startMs, 'live', 'closed', 'live'],
    ['one ms before the end', endMs - 1, 'live', 'closed', 'live'],
    ['at the end', endMs, 'closed', 'closed', 'closed'],
    ['after the end', endMs + 1, 'closed', 'closed', 'closed'],
  ] as const)('%s', (_when, now, forStudent, forStranger, forOwner) => {
    expect(sessionTypeFor(session, student, at(now))).toBe(forStudent)
    expect(sessionTypeFor(session, stranger, at(now))).toBe(forStranger)
    expect(sessionTypeFor(session, owner, at(now))).toBe(forOwner)
  })
})

describe('canSeeMeetingLink: the join window (§9)', () => {
  it('opens five minutes before the start', () => {
    expect(JOIN_WINDOW_MS).toBe(5 * 60 * 1000)
  })

  it.each([
    ['5:00 before the start, less one ms', startMs - JOIN_WINDOW_MS - 1, false],
    ['exactly 5:00 before the start', startMs - JOIN_WINDOW_MS, true],
    ['at the start', startMs, true],
    ['one ms before the end', endMs - 1, true],
    ['at the end', endMs, false],
  ] as const)('for an enrolled student %s: %s', (_when, now, open) => {
    expect(canSeeMeetingLink(session, student, at(now))).toBe(open)
  })

  it('is never open to a viewer without a seat, and always to the owner', () => {
    for (const now of [startMs - JOIN_WINDOW_MS - 1, startMs - JOIN_WINDOW_MS, startMs, endMs]) {
      expect(canSeeMeetingLink(session, stranger, at(now))).toBe(false)
      expect(canSeeMeetingLink(session, owner, at(now))).toBe(true)
    }
  })
})

describe('hasEnded: over from its end on', () => {
  it.each([
    [endMs - 1, false],
    [endMs, true],
    [endMs + 1, true],
  ])('at %i: %s', (now, ended) => {
    expect(hasEnded(session, at(now))).toBe(ended)
  })
})

describe('overlapping: the sessions whose time overlaps a slot', () => {
  const slot = (start: string, end: string, id = 0) => ({
    id,
    start_time: `2026-06-01T${start}:00.000Z`,
    end_time: `2026-06-01T${end}:00.000Z`,
  })
  const ten = slot('10:00', '11:00')

  it('leaves out sessions that only touch it, on either side', () => {
    expect(overlapping(ten, [slot('09:00', '10:00'), slot('11:00', '12:00')])).toEqual([])
  })

  it('finds one that overlaps it by one minute on either side, contains it or lies within', () => {
    const before = slot('09:00', '10:01', 1)
    const after = slot('10:59', '12:00', 2)
    const around = slot('09:30', '11:30', 3)
    const within = slot('10:15', '10:45', 4)
    const same = slot('10:00', '11:00', 5)
    for (const other of [before, after, around, within, same]) {
      expect(overlapping(ten, [other])).toEqual([other])
    }
  })

  it('lists them earliest first', () => {
    const a = slot('10:30', '12:00', 1)
    const b = slot('09:00', '10:30', 2)
    const c = slot('10:10', '10:20', 3)
    const d = slot('08:00', '09:00', 4)
    expect(overlapping(ten, [a, b, d, c])).toEqual([b, c, a])
    expect(overlapping(ten, [c, a, b])).toEqual([b, c, a])
  })
})

describe('compareListedSessions: sessions that have not ended first, then the ended ones', () => {
  const now = at(Date.parse('2026-06-01T12:00:00.000Z'))
  const row = (id: number, start: string, end: string) => ({
    id,
    start_time: `2026-06-01T${start}:00.000Z`,
    end_time: `2026-06-01T${end}:00.000Z`,
  })
  const live = row(1, '11:30', '12:30')
  const soon = row(2, '13:00', '14:00')
  const later = row(3, '15:00', '16:00')
  const laterToo = row(4, '15:00', '15:30')
  const endedNow = row(5, '11:00', '12:00')
  const endedEarly = row(6, '08:00', '09:00')
  const endedEarlyToo = row(7, '08:00', '08:30')

  it('puts upcoming ones soonest first (the live one leads), ended ones latest first, then by id', () => {
    const rows = [endedEarlyToo, laterToo, endedEarly, soon, endedNow, later, live]
    expect(rows.sort(compareListedSessions(now)).map(({ id }) => id)).toEqual([1, 2, 3, 4, 5, 6, 7])
    const reversed = [live, later, endedNow, soon, endedEarly, laterToo, endedEarlyToo]
    expect(reversed.sort(compareListedSessions(now)).map(({ id }) => id)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ])
  })

  it('answers the sign a sort expects', () => {
    const compare = compareListedSessions(now)
    expect(compare(live, endedNow)).toBe(-1)
    expect(compare(endedNow, live)).toBe(1)
    expect(compare(soon, later)).toBeLessThan(0)
    expect(compare(endedNow, endedEarly)).toBeLessThan(0)
    expect(compare(later, laterToo)).toBeLessThan(0)
    expect(compare(endedEarlyToo, endedEarly)).toBeGreaterThan(0)
    expect(compare(soon, soon)).toBe(0)
  })
})

describe('sessionPriceInCents: the hourly price times the length, in whole cents', () => {
  it.each([
    [1000, '10:00', '11:00', 1000],
    [1000, '10:00', '11:30', 1500],
    [1000, '10:00', '10:20', 333],
    [1000, '10:00', '10:40', 667],
    [3, '10:00', '10:30', 2],
    [0, '10:00', '12:00', 0],
  ])('%i an hour from %s to %s: %i', (perHour, start, end, price) => {
    expect(
      sessionPriceInCents(perHour, `2026-06-01T${start}:00.000Z`, `2026-06-01T${end}:00.000Z`),
    ).toBe(price)
  })
})

describe('zonedTimeToUtc: a wall-clock time in an IANA zone', () => {
  it.each([
    ['2026-07-02', '05:00', 'Asia/Tokyo', '2026-07-01T20:00:00.000Z'],
    ['2026-01-15', '09:30', 'UTC', '2026-01-15T09:30:00.000Z'],
    ['2026-12-31', '23:45', 'Asia/Kolkata', '2026-12-31T18:15:00.000Z'],
    ['2026-07-01', '13:00', 'America/Los_Angeles', '2026-07-01T20:00:00.000Z'],
    ['2026-03-01', '00:00', 'Australia/Lord_Howe', '2026-02-28T13:00:00.000Z'],
    // New York springs forward at 02:00 on 8 March 2026 (EST, UTC−5 → EDT, UTC−4).
    ['2026-03-08', '01:59', 'America/New_York', '2026-03-08T06:59:00.000Z'],
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2026-03-08', '03:00', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    ['2026-03-08', '03:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // …and falls back at 02:00 on 1 November: 01:30 happens twice, the earlier one counts.
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01', '02:00', 'America/New_York', '2026-11-01T07:00:00.000Z'],
    // Berlin, east of UTC, springs forward at 02:00 on 29 March 2026 (CET → CEST).
    ['2026-03-29', '02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '01:30', 'Europe/Berlin', '2026-03-29T00:30:00.000Z'],
    ['2026-10-25', '01:59', 'Europe/Berlin', '2026-10-24T23:59:00.000Z'],
    // …and falls back at 03:00 on 25 October: 02:30 happens twice, the earlier one (CEST) counts.
    ['2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '02:00', 'Europe/Berlin', '2026-10-25T00:00:00.000Z'],
    // London falls back at 02:00 BST on 25 October: 01:30 BST is the earlier 01:30.
    ['2026-10-25', '01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'],
    // Sydney falls back at 03:00 on 5 April 2026: 02:30 AEDT (+11) before 02:30 AEST (+10).
    ['2026-04-05', '02:30', 'Australia/Sydney', '2026-04-04T15:30:00.000Z'],
    // …and springs forward at 02:00 on 4 October: 02:30 does not exist, it moves to 03:30.
    ['2026-10-04', '02:30', 'Australia/Sydney', '2026-10-03T16:30:00.000Z'],
    ['2026-10-25', '03:00', 'Europe/Berlin', '2026-10-25T02:00:00.000Z'],
    // An offset with seconds: Monrovia kept UTC−0:44:30 until 1972.
    ['1970-01-01', '12:00', 'Africa/Monrovia', '1970-01-01T12:44:30.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(zonedTimeToUtc(date, time, zone).toISOString()).toBe(iso)
  })
})

describe('utcToZoned: the wall clock an instant reads as in a zone', () => {
  const READINGS: [iso: string, zone: string, date: string, time: string][] = [
    ['2026-07-01T20:00:00Z', 'Asia/Tokyo', '2026-07-02', '05:00'],
    ['2026-07-01T20:00:00Z', 'America/Los_Angeles', '2026-07-01', '13:00'],
    ['2026-07-14T23:00:00Z', 'Europe/London', '2026-07-15', '00:00'],
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08', '03:30'],
  ]
  it.each(READINGS)('%s in %s reads %s %s', (iso, zone, date, time) => {
    expect(utcToZoned(iso, zone)).toEqual({ date, time })
  })

  it('takes a Date or epoch milliseconds, and writes a year of four digits', () => {
    expect(utcToZoned(new Date(Date.UTC(2026, 0, 1, 9, 5)), 'UTC')).toEqual({
      date: '2026-01-01',
      time: '09:05',
    })
    const early = new Date(0)
    early.setUTCFullYear(999, 4, 6)
    expect(utcToZoned(early.getTime(), 'UTC')).toEqual({ date: '0999-05-06', time: '00:00' })
  })

  it('reads each zone right however many zones, and spellings of one, were read before', () => {
    // Every zone the engine knows, and a zone in many letter cases: more than the formatters kept.
    const zones = Intl.supportedValuesOf('timeZone')
    const spellings = Array.from({ length: 600 }, (_, index) =>
      [...'asia/tokyo']
        .map((letter, at) => ((index >> at) & 1 ? letter.toUpperCase() : letter))
        .join(''),
    )
    for (const zone of [...zones, ...spellings]) utcToZoned('2026-07-01T20:00:00Z', zone)
    const cased: (typeof READINGS)[number] = [
      '2026-07-01T20:00:00Z',
      'ASIA/TOKYO',
      '2026-07-02',
      '05:00',
    ]
    for (const [iso, zone, date, time] of [...READINGS, cased]) {
      expect(utcToZoned(iso, zone), zone).toEqual({ date, time })
    }
  })
})

describe('isValidTimeZone', () => {
  it.each([
    ['Asia/Tokyo', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%j: %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid)
  })
})
