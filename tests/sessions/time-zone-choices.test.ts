import { describe, expect, it } from 'vitest'
import {
  matchesZoneSearch,
  offsetMinutesOf,
  offsetText,
  type ZoneChoice,
  zoneChoices,
  zoneTitle,
} from '@/shared/lib/time-zones'

const WINTER = new Date('2026-01-15T12:00:00Z')
const SUMMER = new Date('2026-07-15T12:00:00Z')

const choiceOf = (choices: readonly ZoneChoice[], zone: string) =>
  choices.find((c) => c.zone === zone)

describe('the time-zone choices of the session form', () => {
  it('reads each zone by offset, name in the language and place', () => {
    const english = zoneChoices('en-US', 'Europe/Paris', WINTER)
    expect(choiceOf(english, 'Asia/Tokyo')?.label).toBe('UTC+09:00 Japan Standard Time (Tokyo)')
    expect(choiceOf(english, 'Asia/Calcutta')?.label).toBe(
      'UTC+05:30 India Standard Time (Calcutta)',
    )
    expect(choiceOf(english, 'America/Buenos_Aires')?.label).toBe(
      'UTC-03:00 Argentina Standard Time (Buenos Aires)',
    )
    expect(choiceOf(english, 'America/North_Dakota/Center')?.label).toBe(
      'UTC-06:00 Central Standard Time (North Dakota / Center)',
    )
    const japanese = zoneChoices('jp-JP', 'Europe/Paris', WINTER)
    expect(choiceOf(japanese, 'Asia/Tokyo')?.label).toBe('UTC+09:00 日本標準時 (Tokyo)')
  })

  it('gives the offset of the instant, daylight saving included, half hours too', () => {
    expect(choiceOf(zoneChoices('en-US', 'UTC', WINTER), 'America/New_York')?.label).toBe(
      'UTC-05:00 Eastern Standard Time (New York)',
    )
    expect(choiceOf(zoneChoices('en-US', 'UTC', SUMMER), 'America/New_York')?.label).toBe(
      'UTC-04:00 Eastern Daylight Time (New York)',
    )
    expect(offsetMinutesOf('America/St_Johns', WINTER)).toBe(-210)
    expect(offsetMinutesOf('Asia/Kathmandu', WINTER)).toBe(345)
    expect(offsetMinutesOf('UTC', WINTER)).toBe(0)
    expect(offsetText(-210)).toBe('UTC-03:30')
    expect(offsetText(345)).toBe('UTC+05:45')
    expect(offsetText(0)).toBe('UTC+00:00')
  })

  it("puts the viewer's zone first, then west to east", () => {
    const choices = zoneChoices('en-US', 'Asia/Tokyo', WINTER)
    expect(choices[0]?.zone).toBe('Asia/Tokyo')
    const rest = choices.slice(1).map((choice) => choice.offsetMinutes)
    expect(rest).toEqual([...rest].sort((a, b) => a - b))
    expect(choices.filter((choice) => choice.zone === 'Asia/Tokyo')).toHaveLength(1)
  })

  it("offers UTC, the viewer's zone and a session's own zone, never an unknown one", () => {
    const zones = zoneChoices('en-US', 'Asia/Calcutta', WINTER, 'Nowhere/Land').map((c) => c.zone)
    expect(zones).toContain('UTC')
    expect(zones[0]).toBe('Asia/Calcutta')
    expect(zones).not.toContain('Nowhere/Land')
  })

  it('reuses the choices within one minute, and offsets change at a transition to the instant', () => {
    // New York moves its clocks forward at 2026-03-08T07:00:00Z.
    const before = new Date('2026-03-08T06:59:59.999Z')
    const at = new Date('2026-03-08T07:00:00.000Z')
    const early = zoneChoices('en-US', 'UTC', new Date('2026-03-08T06:59:00.000Z'))
    expect(zoneChoices('en-US', 'UTC', before)).toBe(early)
    expect(choiceOf(early, 'America/New_York')?.offsetMinutes).toBe(-300)
    const after = zoneChoices('en-US', 'UTC', at)
    expect(after).not.toBe(early)
    expect(choiceOf(after, 'America/New_York')?.offsetMinutes).toBe(-240)
    // Another language, viewer or zone to keep is another list, even within the minute.
    expect(zoneChoices('jp-JP', 'UTC', at)).not.toBe(after)
    expect(zoneChoices('en-US', 'Asia/Tokyo', at)[0]?.zone).toBe('Asia/Tokyo')
    expect(zoneChoices('en-US', 'UTC', at, 'Nowhere/Land')).not.toBe(after)
  })

  it('names no zone by its offset twice where the language has no name for it', () => {
    for (const choice of zoneChoices('jp-JP', 'UTC', WINTER)) {
      expect(choice.label).not.toMatch(/^UTC[+-]\d\d:\d\d (GMT|UTC)[+-−]/)
    }
  })
})

describe('searching the time zones', () => {
  const choices = zoneChoices('en-US', 'UTC', WINTER)
  const found = (search: string) =>
    choices.filter((choice) => matchesZoneSearch(choice, search)).map((choice) => choice.zone)

  it('finds a zone by its place, its name, its offset or its id, in any case', () => {
    expect(found('tokyo')).toEqual(['Asia/Tokyo'])
    expect(found('Japan Standard')).toEqual(['Asia/Tokyo'])
    expect(found('UTC+09:00')).toContain('Asia/Tokyo')
    expect(found('buenos aires')).toEqual(['America/Buenos_Aires'])
    expect(found('Buenos_Aires')).toEqual(['America/Buenos_Aires'])
    expect(found('north dakota center')).toEqual(['America/North_Dakota/Center'])
    expect(found('asia/tokyo')).toEqual(['Asia/Tokyo'])
  })

  it('needs every word, and an empty or blank search finds every zone', () => {
    expect(found('eastern new')).toEqual(['America/New_York'])
    expect(found('tokyo paris')).toEqual([])
    expect(found('')).toHaveLength(choices.length)
    expect(found('   ')).toHaveLength(choices.length)
  })
})

describe('zoneTitle: a zone as a session card names it', () => {
  const winter = new Date('2027-01-15T12:00:00Z')

  it('names the zone in the reader’s language, with its place, never by its id', () => {
    expect(zoneTitle('Asia/Tokyo', 'en-US', winter)).toBe('Japan Standard Time (Tokyo)')
    expect(zoneTitle('America/New_York', 'en-US', winter)).toBe('Eastern Standard Time (New York)')
    const japanese = zoneTitle('America/New_York', 'jp-JP', winter)
    expect(japanese).toMatch(/^[\u3040-\u30ff\u4e00-\u9faf]+.* \(New York\)$/)
    expect(japanese).not.toContain('America/')
  })

  it('keeps the place alone where the language names the zone only by an offset, the id where it has neither', () => {
    expect(zoneTitle('Etc/GMT+5', 'en-US', winter)).toBe('GMT+5')
    expect(zoneTitle('UTC', 'en-US', winter)).toBe('Coordinated Universal Time')
  })
})
