import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'

/**
 * Issue 27 items 19 and 15: a student with seats in two sessions that overlap sees both at the
 * head of the dashboard, each with its own join button; the countdown never breaks a number from
 * its unit.
 */

const sessionById = (id: number) => db.sessions.find((session) => session.id === id)!
const lessonById = (id: number) => db.lessons.find((lesson) => lesson.id === id)!
const dropSeat = (sessionId: number) => {
  db.enrollments = db.enrollments.filter(
    (row) => !(row.userId === seedIds.student && row.sessionId === sessionId),
  )
}

describe('the head of the student dashboard', () => {
  it('shows every session the student can join now, not only the first', async () => {
    // Yuki's seats: the paid lesson's session, live for 20 minutes, and the free lesson's, which
    // starts in 3 minutes (its join window is open) while the first is still live.
    const live = sessionById(seedIds.sessions.live)
    const soon = sessionById(seedIds.sessions.startingSoon)
    await renderApp(undefined, { user: 'student' })
    const now = await screen.findByRole('region', { name: 'Next lessons: 2 you can join now' })
    expect(screen.queryByRole('region', { name: 'Next lesson' })).not.toBeInTheDocument()

    const [first, second] = within(now).getAllByRole('listitem')
    expect(
      within(first!).getByRole('link', { name: lessonById(live.lessonId).title }),
    ).toBeVisible()
    expect(within(first!).getByText('Live now')).toBeVisible()
    expect(within(first!).getByRole('link', { name: 'Join (opens in a new tab)' })).toHaveAttribute(
      'href',
      live.url,
    )
    expect(
      within(second!).getByRole('link', { name: lessonById(soon.lessonId).title }),
    ).toBeVisible()
    expect(within(second!).getByText('Starts in 3 min')).toBeInTheDocument()
    expect(
      await within(second!).findByRole('link', { name: 'Join (opens in a new tab)' }),
    ).toHaveAttribute('href', soon.url)
    // One live region for the pair: a screen reader hears one countdown, not each every minute.
    expect(now.querySelectorAll('[aria-live]')).toHaveLength(1)
    expect(first!.querySelector('[aria-live="polite"]')).not.toBeNull()

    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('region', { name: '次のレッスン（今参加できる2件）' })).toBeVisible()
  })

  it('shows the next one alone when none can be joined yet', async () => {
    dropSeat(seedIds.sessions.live)
    dropSeat(seedIds.sessions.startingSoon)
    db.enrollments.push({
      id: 9001,
      userId: seedIds.student,
      lessonId: seedIds.freeLesson,
      sessionId: seedIds.sessions.futureFree,
      createdAt: new Date().toISOString(),
    })
    await renderApp(undefined, { user: 'student' })
    const next = await screen.findByRole('region', { name: 'Next lesson' })
    expect(within(next).queryByRole('list')).not.toBeInTheDocument()
    expect(within(next).getAllByText(/^Starts in \d+ d/)).toHaveLength(2)
  })
})

describe('the countdown', () => {
  it('keeps each number with its unit: breaks only between units, in either language', async () => {
    dropSeat(seedIds.sessions.live)
    dropSeat(seedIds.sessions.startingSoon)
    // The free lesson's open session, 3 days ahead.
    db.enrollments.push({
      id: 9001,
      userId: seedIds.student,
      lessonId: seedIds.freeLesson,
      sessionId: seedIds.sessions.futureFree,
      createdAt: new Date().toISOString(),
    })
    await renderApp(undefined, { user: 'student' })
    const next = await screen.findByRole('region', { name: 'Next lesson' })
    const shown = await waitFor(() => within(next).getByText(/^Starts in \d+ d \d\d h .* s$/))
    expect(shown.textContent).toMatch(
      /^Starts in \d+\u00a0d \d\d\u00a0h \d\d\u00a0min \d\d\u00a0s$/,
    )
    // Screen readers hear the minutes only, with the same joins.
    expect(within(next).getByText(/^Starts in \d+ d \d\d h \d\d min$/).textContent).toMatch(
      /^Starts in \d+\u00a0d \d\d\u00a0h \d\d\u00a0min$/,
    )
    // Units without a space (Japanese) are kept whole by the line breaking itself.
    expect(shown).toHaveClass('break-keep')

    await act(() => i18n.changeLanguage('jp-JP'))
    const japanese = screen.getByRole('region', { name: '次のレッスン' })
    const jpShown = within(japanese).getByText(/^開始まで \d+日 \d\d時間 \d\d分 \d\d秒$/)
    expect(jpShown).toHaveClass('break-keep')
    expect(jpShown.textContent).not.toContain('\u00a0')
  })
})
