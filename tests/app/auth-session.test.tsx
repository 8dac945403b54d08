import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import * as user from '@contract/descriptors/user'
import { currentUserKeys } from '@/shared/auth/current-user'
import { db } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { LANGUAGE_STORAGE_KEY } from '@/shared/i18n/languages'
import { AUTH_LOGIN_EVENT, AUTH_LOGOUT_EVENT } from '@/shared/lib/auth-events'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

describe('window auth events (§2)', () => {
  it('auth-login goes to / replacing history', async () => {
    const { router } = await renderApp(undefined, { url: '/terms', user: 'student' })
    await screen.findByRole('heading', { name: 'Terms and conditions' })
    act(() => {
      window.dispatchEvent(new Event(AUTH_LOGIN_EVENT))
    })
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 })
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('auth-logout goes to /auth/login replacing history', async () => {
    const { router } = await renderApp(undefined, { url: '/terms' })
    await screen.findByRole('heading', { name: 'Terms and conditions' })
    act(() => {
      window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT))
    })
    await screen.findByRole('heading', { name: 'Log in' })
    expect(router.state.location.pathname).toBe('/auth/login')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('the current user (§4)', () => {
  it('is fresh for 60 s, never retried, and refetched on focus (§9)', async () => {
    const { queryClient } = await renderApp(undefined, { user: 'student' })
    expect(
      queryClient.getQueryCache().find({ queryKey: currentUserKeys.me() })?.options,
    ).toMatchObject({
      staleTime: 60_000,
      retry: false,
      refetchOnWindowFocus: true,
    })
  })

  it('is fetched once for the whole tree', async () => {
    let calls = 0
    server.events.on('request:start', ({ request }) => {
      if (isCallOf(user.me, request)) calls += 1
    })
    await renderApp(undefined, { url: '/settings', user: 'student' })
    await screen.findByRole('heading', { name: 'Settings' })
    await userEvent.click(screen.getByRole('link', { name: 'History' }))
    await screen.findByRole('heading', { name: 'Lesson history' })
    server.events.removeAllListeners()
    expect(calls).toBe(1)
  })

  it('is refreshed when the window regains focus once stale', async () => {
    const { queryClient } = await renderApp(undefined, { user: 'student' })
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 })
    db.signOut()
    // Focus refetches stale data only; mark it stale as 60 s passing would.
    await act(() =>
      queryClient.invalidateQueries({ queryKey: currentUserKeys.me(), refetchType: 'none' }),
    )
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'))
      window.dispatchEvent(new Event('focus'))
    })
    expect(await screen.findByRole('heading', { name: 'All lessons' })).toBeInTheDocument()
  })
})

describe('logout (§4)', () => {
  it('clears the user and storage, announces the event and says goodbye', async () => {
    localStorage.setItem('draft', 'something personal')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US')
    const { router } = await renderApp(undefined, { user: 'student' })
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(await screen.findByText('You are logged out')).toBeInTheDocument()
    // §9: toasts sit top-right and close after 5000 ms.
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull()
    expect(
      document.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration,
    ).toBe('5000ms')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(localStorage.getItem('draft')).toBeNull()
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US')
    expect(db.session.userId).toBeNull()
    await userEvent.click(await screen.findByRole('link', { name: /Manabi/ }))
    expect(await screen.findByRole('heading', { name: 'All lessons' })).toBeInTheDocument()
  })

  it('still logs the user out locally when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(mockEndpoint(auth.logout, () => errorResponse(500, 'down')))
    localStorage.setItem('draft', 'x')
    const { router, queryClient } = await renderApp(undefined, { user: 'student' })
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(await screen.findByText('You are logged out')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(queryClient.getQueryData(currentUserKeys.me())).toBeNull()
    expect(localStorage.getItem('draft')).toBeNull()
    expect(console.warn).toHaveBeenCalledWith('User logout failed', expect.anything())
  })
})
