import { describe, expect, it } from 'vitest'
import { overlapOf, sessionErrorKeys, sessionSchema } from '@/features/sessions/lib/session-form'
import { ApiError } from '@/shared/api/errors'

/** Issue 27: the session form's meeting link (§5, no scheme → https://) and its overlap reading. */

const now = () => Date.parse('2026-03-01T00:00:00Z')
const form = (url: string) => ({
  date: '2026-03-10',
  startHour: '10:00',
  endHour: '11:00',
  timezone: 'UTC',
  url,
})

describe('the session form’s meeting link', () => {
  it.each([
    ['zoom.us/j/555', 'https://zoom.us/j/555'],
    ['  meet.google.com/abc-defg-hij ', 'https://meet.google.com/abc-defg-hij'],
    ['https://zoom.us/j/555', 'https://zoom.us/j/555'],
  ])('takes %j as %j, before it checks the provider', async (url, stored) => {
    const values = await sessionSchema(now).validate(form(url))
    expect(values.url).toBe(stored)
  })

  it.each([
    'zoom.us.evil.example/j/1',
    'evil.example/?u=zoom.us/j/1',
    'javascript:alert(1)//zoom.us/j/1',
    'ftp://zoom.us/j/1',
    '//zoom.us/j/1',
    'zoom.us/j/5 55',
    'http://',
  ])('refuses %j as no Zoom or Meet link', async (url) => {
    await expect(sessionSchema(now).validate(form(url))).rejects.toMatchObject({
      errors: [sessionErrorKeys.unsupportedLink],
    })
  })

  it('asks for a link when there is none', async () => {
    await expect(sessionSchema(now).validate(form('   '))).rejects.toMatchObject({
      errors: [sessionErrorKeys.linkRequired],
    })
  })
})

describe('overlapOf: the session a 409 names', () => {
  const overlap = {
    lessonId: 3,
    lessonTitle: 'Kanji',
    sessionId: 9,
    start_time: '2026-03-10T10:00:00.000Z',
    end_time: '2026-03-10T11:00:00.000Z',
  }
  const conflict = (body: Record<string, unknown>) =>
    new ApiError(409, 'Conflict', ['Probably, sessions overlap'], 'Conflict', body)

  it('reads it from the error body', () => {
    expect(overlapOf(conflict({ overlap }))).toEqual(overlap)
  })

  it.each([
    ['no overlap', {}],
    ['a text', { overlap: 'Kanji' }],
    ['no title', { overlap: { ...overlap, lessonTitle: undefined } }],
    ['a start that is no instant', { overlap: { ...overlap, start_time: 'soon' } }],
  ])('answers null for %s', (_case, body) => {
    expect(overlapOf(conflict(body))).toBeNull()
  })
})
