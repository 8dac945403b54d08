import type { Session } from '@contract/index'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionCard } from '@/features/sessions/components/session-card'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'

const originalZone = process.env.TZ

afterEach(async () => {
  process.env.TZ = originalZone
  await i18n.changeLanguage('en-US')
})

/** 1 July 2026, 10:00–11:30 UTC: 19:00–20:30 in Tokyo, 06:00–07:30 in New York (EDT). */
const session = (overrides: Partial<Session> = {}): Session => ({
  id: 7,
  lessonId: 1,
  type: 'open',
  start_time: '2026-07-01T10:00:00.000Z',
  end_time: '2026-07-01T11:30:00.000Z',
  timezone: 'Asia/Tokyo',
  url: null,
  availableSlots: 3,
  enrolledCount: 0,
  fullPrice: 0,
  paidPrice: null,
  disabled: false,
  decision: 'unconditional',
  decidesAt: null,
  seatsNeeded: 0,
  educatorDeactivated: false,
  waitingCount: 0,
  waitlistPlace: null,
  ...overrides,
})

const renderCard = (value: Session) =>
  renderApp(<SessionCard session={value} lessonTitle="Tea ceremony" viewer="student" />, {
    url: '/lesson/1',
    path: '/lesson/:id',
    waitForLoad: false,
  })

const card = () => screen.getByRole('article')
/** The focusable times the educator's time describes. */
const times = () => card().querySelector<HTMLElement>('[tabindex="0"]')!

describe("a session card's times", () => {
  it("names the viewer's zone and shows the length", async () => {
    process.env.TZ = 'America/New_York'
    await renderCard(session())
    expect(card()).toHaveTextContent('06:00 – 07:30 EDT')
    expect(card()).toHaveTextContent('Length1 hr 30 min')
    expect(card()).toHaveAccessibleName('Session on 1 July 2026, 06:00 – 07:30 EDT')
  })

  it('names the zone by its place where the language has only an offset, and in Japanese', async () => {
    process.env.TZ = 'Asia/Tokyo'
    await renderCard(session({ timezone: 'Asia/Tokyo' }))
    expect(card()).toHaveTextContent('19:00 – 20:30 Japan Time')
    await i18n.changeLanguage('jp-JP')
    expect(await within(card()).findByText('所要時間')).toBeInTheDocument()
    expect(card()).toHaveTextContent('19:00 – 20:30 JST')
    expect(card()).toHaveTextContent('1時間30分')
  })

  it('shows a length of exactly one hour and of under an hour without the missing unit', async () => {
    process.env.TZ = 'UTC'
    await renderCard(session({ end_time: '2026-07-01T11:00:00.000Z' }))
    expect(card()).toHaveTextContent('Length1 hr')
    expect(card()).not.toHaveTextContent('0 min')
  })
})

describe("the educator's own time", () => {
  const educatorTime = "Educator's time: 19:00 – 20:30 Japan Time, 1 July 2026"

  it('describes the times and shows on keyboard focus; Escape hides it, blur too', async () => {
    process.env.TZ = 'America/New_York'
    const user = userEvent.setup()
    await renderCard(session())
    const tooltip = screen.getByRole('tooltip', { hidden: true })
    expect(tooltip).not.toBeVisible()
    // Browsers read a hidden description too; the test library only a shown one.
    expect(times()).toHaveAttribute('aria-describedby', tooltip.id)
    expect(tooltip).toHaveTextContent(educatorTime)

    await user.tab()
    expect(times()).toHaveFocus()
    expect(screen.getByRole('tooltip')).toBeVisible()
    expect(times()).toHaveAccessibleDescription(educatorTime)

    await user.keyboard('{Escape}')
    expect(tooltip).not.toBeVisible()
    expect(times()).toHaveFocus()

    await user.tab({ shift: true })
    await user.tab()
    expect(screen.getByRole('tooltip')).toBeVisible()
    await user.tab()
    expect(tooltip).not.toBeVisible()
  })

  it('shows on hover and hides when the pointer leaves', async () => {
    process.env.TZ = 'America/New_York'
    const user = userEvent.setup()
    await renderCard(session())
    await user.hover(times())
    expect(screen.getByRole('tooltip')).toHaveTextContent(educatorTime)
    await user.unhover(times())
    expect(screen.getByRole('tooltip', { hidden: true })).not.toBeVisible()
  })

  it("names the educator's day when it differs from the viewer's", async () => {
    process.env.TZ = 'America/Los_Angeles'
    await renderCard(
      session({ start_time: '2026-07-01T20:00:00Z', end_time: '2026-07-01T21:00:00Z' }),
    )
    expect(card()).toHaveTextContent('13:00 – 14:00 PDT')
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(
      "Educator's time: 05:00 – 06:00 Japan Time, 2 July 2026",
    )
  })

  it('is not offered when the educator’s zone reads the same wall clock', async () => {
    // Tokyo and Seoul share UTC+9: another zone name, the same 19:00.
    process.env.TZ = 'Asia/Seoul'
    await renderCard(session())
    expect(card()).toHaveTextContent('19:00 – 20:30')
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument()
    expect(card().querySelector('[tabindex="0"]')).toBeNull()
  })
})
