import * as sessionCalls from '@contract/descriptors/sessions'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { SCHEDULING_YEARS_AHEAD } from '@/features/sessions/lib/session-form'
import { paths } from '@/shared/config/paths'
import { recordBodies } from '@tests/request-log'
import { renderApp } from '@tests/render-app'
import {
  button,
  cardName,
  field,
  fill,
  group,
  groupValue,
  lessonRow,
  part,
  pinViewerZoneToUtc,
  sessionRow,
} from './sessions-editor-helpers'

/**
 * Issue 30 item 4: the session dialog's date and times read as the product writes them (§1,
 * d MMMM yyyy and HH:mm), in the reader's language, whatever the browser's locale: selects of our
 * own, grouped under the field's name, instead of the browser's date and time inputs.
 */

pinViewerZoneToUtc()

/** 10 January 2026, 09:00 UTC: "this year" is 2026, so the years offered are 2026–2028. */
const NOW = Date.parse('2026-01-10T09:00:00Z')

/** The owner's sessions region, in either language. */
const editor = () => screen.getByRole('region', { name: /^(Sessions|セッション)$/ })

const ENGLISH = { add: 'Add session', date: 'Date', start: 'Start time', end: 'End time' }
const JAPANESE = { add: 'セッションを追加', date: '日付', start: '開始時刻', end: '終了時刻' }

/** The Add session dialog of a lesson without sessions, in `language`, at NOW unless told. */
const openAddDialog = async (
  user: UserEvent,
  { japanese = false, now = NOW }: { japanese?: boolean; now?: number | null } = {},
) => {
  const words = japanese ? JAPANESE : ENGLISH
  await renderApp(undefined, {
    url: paths.lesson.detail.href(seedIds.lessonWithoutSessions),
    user: 'educator',
  })
  await screen.findByRole('heading', {
    level: 1,
    name: lessonRow(seedIds.lessonWithoutSessions).title,
  })
  if (japanese) await user.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
  if (now !== null) vi.spyOn(Date, 'now').mockReturnValue(now)
  await user.click(await within(editor()).findByRole('button', { name: words.add }))
  return screen.getByRole('dialog', { name: words.add })
}

/** The labels of a group's selects, in reading order. */
const selectNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole<HTMLSelectElement>('combobox')
    .map((select) => [...select.labels].map((label) => label.textContent).join(' '))

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)
    .filter((text) => text !== '--')

const twoDigits = (count: number) =>
  Array.from({ length: count }, (_, index) => String(index).padStart(2, '0'))

/** The text a group shows beside its selects: the chosen date in words, the error. */
const described = (select: HTMLElement) =>
  (select.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

describe('the session dialog’s date and times', { timeout: 30_000 }, () => {
  it('in English: a Date group of Day, Month and Year; times of Hour and Minute, 24-hour', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    const date = group(dialog, 'Date')
    expect(date.tagName).toBe('FIELDSET')
    expect(selectNames(date)).toEqual(['Day', 'Month', 'Year'])
    expect(optionTexts(part(date, 'month'))).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ])
    expect(optionTexts(part(date, 'year'))).toEqual(['2026', '2027', '2028'])
    expect(optionTexts(part(date, 'day'))).toEqual(
      Array.from({ length: 31 }, (_, index) => String(index + 1)),
    )
    for (const legend of ['Start time', 'End time']) {
      const time = group(dialog, legend)
      expect(selectNames(time)).toEqual(['Hour', 'Minute'])
      expect(optionTexts(part(time, 'hour'))).toEqual(twoDigits(24))
      expect(optionTexts(part(time, 'minute'))).toEqual(twoDigits(60))
    }
    // No browser date or time input is left to show mm/dd/yyyy or 07:09 PM.
    expect(dialog.querySelector('input[type="date"], input[type="time"]')).toBeNull()
  })

  it('in Japanese: 年, 月, 日 in that order, written the Japanese way; 時 and 分', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user, { japanese: true })
    const date = group(dialog, '日付')
    expect(selectNames(date)).toEqual(['年', '月', '日'])
    expect(optionTexts(part(date, 'year'))).toEqual(['2026年', '2027年', '2028年'])
    expect(optionTexts(part(date, 'month'))).toEqual(
      Array.from({ length: 12 }, (_, index) => `${index + 1}月`),
    )
    expect(optionTexts(part(date, 'day')).at(10)).toBe('11日')
    expect(selectNames(group(dialog, '開始時刻'))).toEqual(['時', '分'])
    expect(selectNames(group(dialog, '終了時刻'))).toEqual(['時', '分'])

    await fill(user, dialog, '日付', '2026-12-11')
    expect(within(date).getByText('2026年12月11日(金)')).toBeVisible()
  })

  it('writes the chosen date in words under it, with its weekday', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    const date = group(dialog, 'Date')
    await fill(user, dialog, 'Date', '2026-12-11')
    expect(within(date).getByText('Friday, 11 December 2026')).toBeVisible()
    expect(described(part(date, 'day'))).toContain('Friday, 11 December 2026')
  })

  it('offers only the days of the chosen month and moves 31 January to the last of February', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    const date = group(dialog, 'Date')
    await fill(user, dialog, 'Date', '2026-01-31')
    expect(groupValue(dialog, 'Date')).toBe('2026-01-31')

    await user.selectOptions(part(date, 'month'), 'February')
    expect(groupValue(dialog, 'Date')).toBe('2026-02-28')
    expect(optionTexts(part(date, 'day'))).toHaveLength(28)
    expect(within(date).getByText('Saturday, 28 February 2026')).toBeVisible()

    await user.selectOptions(part(date, 'month'), 'April')
    expect(optionTexts(part(date, 'day'))).toHaveLength(30)
    // The day stays what it became; a longer month does not move it back.
    expect(groupValue(dialog, 'Date')).toBe('2026-04-28')
  })

  it('keeps 29 February in the leap year 2028 and moves it to the 28th in 2027', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    const date = group(dialog, 'Date')
    await fill(user, dialog, 'Date', '2028-01-31')
    await user.selectOptions(part(date, 'month'), 'February')
    expect(groupValue(dialog, 'Date')).toBe('2028-02-29')
    expect(optionTexts(part(date, 'day'))).toHaveLength(29)
    expect(within(date).getByText('Tuesday, 29 February 2028')).toBeVisible()

    await user.selectOptions(part(date, 'year'), '2027')
    expect(groupValue(dialog, 'Date')).toBe('2027-02-28')
    expect(optionTexts(part(date, 'day'))).toHaveLength(28)
  })

  it('asks for the missing parts of a partly chosen date or time, focusing its first select', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    const bodies = recordBodies(sessionCalls.createSession)
    await fill(user, dialog, 'Date', '-12-11')
    await fill(user, dialog, 'Start time', '10:')
    await fill(user, dialog, 'End time', '11:30')
    await fill(user, dialog, 'Meeting link', 'https://zoom.us/j/1')
    await user.click(button(dialog, 'Add session'))

    const date = group(dialog, 'Date')
    await waitFor(() => expect(part(date, 'day')).toHaveFocus())
    for (const name of ['day', 'month', 'year'] as const) {
      expect(part(date, name)).toHaveAttribute('aria-invalid', 'true')
      expect(described(part(date, name))).toContain('Choose a day, a month and a year')
    }
    const start = group(dialog, 'Start time')
    expect(part(start, 'minute')).toHaveAttribute('aria-invalid', 'true')
    expect(described(part(start, 'hour'))).toContain('Choose both the hour and the minute')
    expect(part(group(dialog, 'End time'), 'hour')).not.toHaveAttribute('aria-invalid')
    expect(bodies).toEqual([])

    // Choosing the missing parts clears the messages.
    await user.selectOptions(part(date, 'year'), '2026')
    await user.selectOptions(part(start, 'minute'), '00')
    expect(part(date, 'day')).not.toHaveAttribute('aria-invalid')
    expect(part(start, 'hour')).not.toHaveAttribute('aria-invalid')
  })

  it('asks in Japanese too', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user, { japanese: true })
    await fill(user, dialog, '日付', '2026-12-')
    await fill(user, dialog, '開始時刻', ':30')
    await user.click(button(dialog, 'セッションを追加'))
    const date = group(dialog, '日付')
    // The first select in reading order, the year.
    await waitFor(() => expect(part(date, 'year')).toHaveFocus())
    expect(described(part(date, 'day'))).toContain('年・月・日をすべて選んでください')
    expect(described(part(group(dialog, '開始時刻'), 'minute'))).toContain(
      '時と分を両方選んでください',
    )
  })

  it('sends the first and the last minute of a day, 00:00 and 23:59', async () => {
    // On the real clock: the world the last test left was made at its fixed clock, ten months
    // back, and the earnings rule would have judged the demo educator's periods since.
    db.reset()
    const user = userEvent.setup()
    const dialog = await openAddDialog(user, { now: null })
    const bodies = recordBodies(sessionCalls.createSession)
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    await fill(user, dialog, 'Date', day)
    await fill(user, dialog, 'Start time', '00:00')
    await fill(user, dialog, 'End time', '23:59')
    expect(within(group(dialog, 'Start time')).getAllByRole('option', { selected: true })).toEqual([
      within(part(group(dialog, 'Start time'), 'hour')).getByRole('option', { name: '00' }),
      within(part(group(dialog, 'Start time'), 'minute')).getByRole('option', { name: '00' }),
    ])
    await fill(user, dialog, 'Meeting link', 'https://zoom.us/j/1')
    await user.click(button(dialog, 'Add session'))
    expect(await screen.findByText('Session added')).toBeVisible()
    expect(bodies).toEqual([
      expect.objectContaining({ date: day, startHour: '00:00', endHour: '23:59', timezone: 'UTC' }),
    ])
  })

  it('shows a quick session in the selects, to the minute', async () => {
    const user = userEvent.setup()
    const dialog = await openAddDialog(user)
    await user.selectOptions(field(dialog, 'Start in'), '15 min')
    await user.selectOptions(field(dialog, 'Length'), '30 min')
    await user.click(button(dialog, 'Fill in the times'))
    // 09:00 and 15 minutes: 09:15 – 09:45 on 10 January 2026.
    const date = group(dialog, 'Date')
    expect(part(date, 'day')).toHaveDisplayValue('10')
    expect(part(date, 'month')).toHaveDisplayValue('January')
    expect(part(date, 'year')).toHaveDisplayValue('2026')
    expect(within(date).getByText('Saturday, 10 January 2026')).toBeVisible()
    expect(part(group(dialog, 'Start time'), 'hour')).toHaveDisplayValue('09')
    expect(part(group(dialog, 'Start time'), 'minute')).toHaveDisplayValue('15')
    expect(part(group(dialog, 'End time'), 'hour')).toHaveDisplayValue('09')
    expect(part(group(dialog, 'End time'), 'minute')).toHaveDisplayValue('45')
  })
})

describe('editing a session’s date and times', { timeout: 30_000 }, () => {
  it('shows its own date and hours in its zone, and a year beyond the usual ones', async () => {
    process.env.TZ = 'America/New_York'
    // Kenji's future session, 10:00–11:00 Tokyo time on 5 March five years ahead (01:00–02:00
    // UTC), past the years the field offers (this one and the next SCHEDULING_YEARS_AHEAD).
    const thisYear = new Date().getFullYear()
    const year = String(thisYear + SCHEDULING_YEARS_AHEAD + 3)
    const weekday = new Date(`${year}-03-05T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      timeZone: 'UTC',
    })
    const session = sessionRow(seedIds.sessions.futurePaid)
    session.start_time = `${year}-03-05T01:00:00.000Z`
    session.end_time = `${year}-03-05T02:00:00.000Z`
    const user = userEvent.setup()
    await renderApp(undefined, {
      url: paths.lesson.detail.href(seedIds.paidLesson),
      user: 'educator',
    })
    await screen.findByRole('heading', { level: 1, name: lessonRow(seedIds.paidLesson).title })
    const card = await within(editor()).findByRole('article', {
      name: cardName(seedIds.sessions.futurePaid),
    })
    await user.click(button(card, 'Edit'))
    const dialog = screen.getByRole('dialog', { name: 'Edit session' })
    const date = group(dialog, 'Date')
    expect(part(date, 'day')).toHaveDisplayValue('5')
    expect(part(date, 'month')).toHaveDisplayValue('March')
    expect(part(date, 'year')).toHaveDisplayValue(year)
    expect(optionTexts(part(date, 'year'))).toContain(year)
    expect(within(date).getByText(`${weekday}, 5 March ${year}`)).toBeVisible()
    expect(groupValue(dialog, 'Start time')).toBe('10:00')
    expect(groupValue(dialog, 'End time')).toBe('11:00')
    // Another year chosen, the session's own stays on offer to go back to.
    await user.selectOptions(part(date, 'year'), String(thisYear + 1))
    expect(optionTexts(part(date, 'year'))).toContain(year)
    await user.selectOptions(part(date, 'year'), year)
    expect(part(date, 'year')).toHaveDisplayValue(year)
  })
})
