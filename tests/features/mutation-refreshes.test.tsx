import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { currentUserKeys } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

/**
 * Issue 27 item 1, the same fault elsewhere: a write that changes what another screen shows
 * refreshes that screen's data too, whichever feature the screen belongs to.
 */

describe('confirming a new e-mail address', () => {
  it('updates the signed-in user’s settings: the new address, no pending one', async () => {
    const student = db.users.find((user) => user.id === seedIds.student)!
    student.pendingEmail = 'yuki.new@manabi.example'
    db.tokens.push({
      token: 'change-token',
      userId: student.id,
      kind: 'email_change',
      email: 'yuki.new@manabi.example',
    })
    const { router, queryClient } = await renderApp(undefined, {
      user: 'student',
      url: paths.settings.href(),
    })
    expect(
      await screen.findByText(/Waiting for confirmation of yuki\.new@manabi\.example/),
    ).toBeVisible()

    await act(() => router.navigate('/auth/confirmation?token=change-token'))
    expect(
      await screen.findByText('Your e-mail address is confirmed. Taking you to the login page…'),
    ).toBeVisible()
    // The screen waits 2 s before moving on: time enough for the user to be asked again.
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserKeys.me())).toMatchObject({
        email: 'yuki.new@manabi.example',
        pendingEmail: null,
      }),
    )
    await act(() => router.navigate(paths.settings.href()))
    await screen.findByRole('heading', { name: 'Settings' })
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('yuki.new@manabi.example'),
    )
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument()
  })
})

describe('writing a review', () => {
  it('updates the educator’s rating on the catalogue cards', async () => {
    const user = userEvent.setup()
    // Yuki attended Kenji's TypeScript lesson and has not reviewed it; Kenji also teaches sushi.
    const { router } = await renderApp(undefined, { user: 'student', url: paths.home.href() })
    const sushiCard = () =>
      within(screen.getByRole('list', { name: 'Lessons' }))
        .getByRole('link', { name: 'Sushi Workshop' })
        .closest('li')!
    await waitFor(() => expect(sushiCard()).toHaveTextContent('from 2 reviews'))

    await act(() => router.navigate(paths.history.href()))
    await user.click(
      await screen.findByRole('button', { name: 'Write a review of TypeScript from Scratch' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Review “TypeScript from Scratch”' })
    await user.click(within(dialog).getByRole('radio', { name: '1 star' }))
    await user.type(within(dialog).getByLabelText('Your review'), 'Far too fast for me.')
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }))
    expect(await screen.findByText('Thank you! Your review was added')).toBeVisible()

    await act(() => router.navigate(paths.home.href()))
    await waitFor(() => expect(sushiCard()).toHaveTextContent('from 3 reviews'))
  })
})

describe('updating a lesson', () => {
  it('refreshes its sessions (seats from its maximum) and the educator’s upcoming sessions (its title)', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp(undefined, {
      user: 'educator',
      url: paths.upcomingLessons.href(),
    })
    const upcoming = () => screen.getByRole('list', { name: 'Upcoming sessions' })
    await waitFor(() =>
      expect(upcoming()).toHaveTextContent('Conversational Japanese for Beginners'),
    )

    await act(() => router.navigate(paths.lesson.edit.href(seedIds.paidLesson)))
    await screen.findByRole('button', { name: 'Update' })
    // The editor's cards: five seats, Mai has one of the upcoming session's.
    const future = db.sessions.find((row) => row.id === seedIds.sessions.futurePaid)!
    const futureCard = () =>
      screen.getByRole('article', {
        name: `Session on ${formatDate(future.start_time, 'en-US')}, ${formatTime(
          future.start_time,
        )} – ${zonedTimes(future.start_time, future.end_time, 'en-US').end}`,
      })
    await waitFor(() => expect(futureCard()).toHaveTextContent('Seats taken1 of 5'))
    const title = screen.getByRole('textbox', { name: 'Title' })
    await user.clear(title)
    await user.type(title, 'Japanese small talk')
    const maxSeats = screen.getByRole('spinbutton', { name: 'Maximum seats' })
    await user.clear(maxSeats)
    await user.type(maxSeats, '8')
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.lesson.detail.href(seedIds.paidLesson)),
    )
    await waitFor(() => expect(futureCard()).toHaveTextContent('Seats taken1 of 8'))

    await act(() => router.navigate(paths.upcomingLessons.href()))
    await waitFor(() => expect(upcoming()).toHaveTextContent('Japanese small talk'))
  })
})

describe('renaming oneself', () => {
  it('shows the new name where others see it: the educator on their lesson’s page', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp(undefined, {
      user: 'educator',
      url: paths.lesson.detail.href(seedIds.paidLesson),
      waitForLoad: false,
    })
    await screen.findByRole('region', { name: 'About the educator' }, { timeout: 10_000 })
    const aboutEducator = () => screen.getByRole('region', { name: 'About the educator' })
    await waitFor(() => expect(aboutEducator()).toHaveTextContent('Kenji Tanaka'))

    await act(() => router.navigate(paths.settings.href()))
    const name = await screen.findByRole('textbox', { name: 'Full name' })
    await user.clear(name)
    await user.type(name, 'Kenji Tanaka-Mori')
    await user.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('User updated')).toBeVisible()

    await act(() => router.navigate(paths.lesson.detail.href(seedIds.paidLesson)))
    await waitFor(() => expect(aboutEducator()).toHaveTextContent('Kenji Tanaka-Mori'))
  })
})
