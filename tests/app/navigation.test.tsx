import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as user from '@contract/descriptors/user'
import { RESIZE_DEBOUNCE_MS } from '@contract/rules'
import { WIDE_LAYOUT_QUERY } from '@/app/layouts/use-drawer'
import { call } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('navigation per role (§2)', () => {
  it('offers guests the dashboard, login and the language switcher', async () => {
    await renderApp()
    expect(await screen.findByRole('heading', { name: 'All lessons' })).toBeInTheDocument()
    expect(navLinks()).toEqual(['Manabi', 'Dashboard', 'Log in'])
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.getByLabelText('Language')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument()
  })

  it('offers students the dashboard, history, settings and support', async () => {
    await renderApp(undefined, { user: 'student' })
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 })
    expect(navLinks()).toEqual(['Manabi', 'Dashboard', 'History', 'Settings', 'Support'])
  })

  it('offers educators a new lesson and upcoming lessons, and no history', async () => {
    await renderApp(undefined, { user: 'educator' })
    await screen.findByRole('heading', { name: 'My lessons' })
    expect(navLinks()).toEqual([
      'Manabi',
      'Dashboard',
      'New lesson',
      'Upcoming lessons',
      'Earnings',
      'Settings',
      'Support',
    ])
  })

  it('offers admins the users list and the video licences', async () => {
    await renderApp(undefined, { user: 'admin' })
    await screen.findByRole('heading', { name: 'Users', level: 2 })
    expect(navLinks()).toEqual([
      'Manabi',
      'Dashboard',
      'Users',
      'Video licences',
      'Settings',
      'Support',
    ])
  })

  it("shows the user's initials, name and email, the support mail link and logout", async () => {
    await renderApp(undefined, { user: 'student' })
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const { body: me } = await call(user.me)
    expect(within(nav).getByText(me.name)).toBeInTheDocument()
    expect(within(nav).getByText(me.email)).toBeInTheDocument()
    const expectedInitials = me.name
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('')
    expect(within(nav).getByText(expectedInitials)).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'mailto:support@manabi.example',
    )
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeEnabled()
  })

  it('marks the current page in the navigation', async () => {
    await renderApp(undefined, { user: 'student', url: '/history' })
    await screen.findByRole('heading', { name: 'Lesson history' })
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
  })
})

describe.each([
  ['guest', null],
  ['signed-in', 'student'],
] as const)('the %s drawer on small screens', (_, user) => {
  it('opens, closes with its button, and closes on an outside click or Escape', async () => {
    await renderApp(undefined, { user })
    const toggle = await screen.findByRole('button', { name: 'Menu' })
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(nav).toHaveClass('hidden')

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(nav).toHaveClass('flex')
    expect(nav).not.toHaveClass('hidden')

    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(nav).toHaveClass('hidden')

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    await userEvent.click(screen.getByRole('main'))
    expect(nav).toHaveClass('hidden')

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    await userEvent.keyboard('{Escape}')
    expect(nav).toHaveClass('hidden')
  })

  it('closes once the window has grown into the wide layout for 750 ms (§9)', async () => {
    let wide = false
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: wide && query === WIDE_LAYOUT_QUERY, media: query }),
    })
    try {
      await renderApp(undefined, { user })
      const toggle = await screen.findByRole('button', { name: 'Menu' })
      await userEvent.click(toggle)
      vi.useFakeTimers()
      const resize = () =>
        act(() => {
          window.dispatchEvent(new Event('resize'))
        })
      const advance = (ms: number) =>
        act(() => {
          vi.advanceTimersByTime(ms)
        })

      // Still narrow: the drawer stays open.
      resize()
      advance(RESIZE_DEBOUNCE_MS)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')

      wide = true
      resize()
      advance(RESIZE_DEBOUNCE_MS - 1)
      expect(toggle).toHaveAttribute('aria-expanded', 'true')
      advance(1)
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
    } finally {
      vi.useRealTimers()
      delete (window as { matchMedia?: unknown }).matchMedia
    }
  })

  it('closes when a link inside it is followed', async () => {
    await renderApp(undefined, { user, url: '/terms' })
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }))
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }))
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveClass('hidden'),
    )
  })
})
