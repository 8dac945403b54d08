import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import { AppProvider } from '@/app/provider'
import { EmailConfirmation } from '@/features/auth/components/email-confirmation'
import { db, seedIds, seedTokens } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { createQueryClient } from '@/shared/api/query-client'
import { i18n } from '@/shared/i18n/i18n'
import { answer } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'
import { recordBodies } from '@tests/request-log'
import { withReference } from '@tests/server-failure'

const FAILED = 'Error sending or confirming email (try the link again or contact support)'
const unconfirmed = () => db.users.find((user) => user.id === seedIds.unconfirmedStudent)!

const toasts = () => within(document.querySelector<HTMLElement>('.Toastify')!)
/** Moves the fake clock inside an async act, so React settles every update it causes. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
    return Promise.resolve()
  })

const countConfirmCalls = () => recordBodies(auth.confirm)

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  server.events.removeAllListeners()
  vi.useRealTimers()
})

describe('e-mail confirmation (§2, §4)', () => {
  it('confirms the token once and goes to login after exactly 2 s, replacing history', async () => {
    const calls = countConfirmCalls()
    const { router } = await renderApp(undefined, {
      url: `/auth/confirmation?token=${seedTokens.confirm}`,
    })
    expect(screen.getByRole('heading', { name: 'Email confirmation' })).toBeInTheDocument()
    expect(
      await screen.findByText('Your e-mail address is confirmed. Taking you to the login page…'),
    ).toBeInTheDocument()
    expect(unconfirmed().isEmailConfirmed).toBe(true)
    expect(calls).toEqual([{ validationToken: seedTokens.confirm }])

    const navigate = vi.spyOn(router, 'navigate')
    await advance(1900)
    expect(navigate).not.toHaveBeenCalled()
    await advance(100)
    expect(navigate).toHaveBeenCalledWith('/auth/login', expect.objectContaining({ replace: true }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
  })

  it('says it is confirming while the answer is on its way', async () => {
    let release: () => void = () => {}
    server.use(
      mockEndpoint(auth.confirm, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return answer(auth.confirm, { message: 'Email confirmed' })
      }),
    )
    await renderApp(undefined, { url: '/auth/confirmation?token=abc' })
    expect(await screen.findByRole('status')).toHaveTextContent('Confirming your e-mail address…')
    release()
    expect(
      await screen.findByText('Your e-mail address is confirmed. Taking you to the login page…'),
    ).toBeInTheDocument()
  })

  it('sends the single-use token only once under StrictMode', async () => {
    const calls = countConfirmCalls()
    // StrictMode at the root, where React runs every effect twice on mount.
    const router = createMemoryRouter([{ path: '*', element: <EmailConfirmation /> }], {
      initialEntries: [`/auth/confirmation?token=${seedTokens.confirm}`],
    })
    render(
      <StrictMode>
        <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    )
    expect(
      await screen.findByText('Your e-mail address is confirmed. Taking you to the login page…'),
    ).toBeInTheDocument()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByText(FAILED)).not.toBeInTheDocument()
  })

  it('on failure shows the error, toasts it and goes to login after 5 s', async () => {
    const { router } = await renderApp(undefined, {
      url: '/auth/confirmation?token=not-a-real-token',
    })
    const notConfirmed = await screen.findByText('Your e-mail address is not confirmed')
    expect(notConfirmed.closest('[role="alert"]')).toHaveTextContent(FAILED)
    expect(await toasts().findByText(FAILED)).toBeInTheDocument()
    expect(unconfirmed().isEmailConfirmed).toBe(false)

    const navigate = vi.spyOn(router, 'navigate')
    await advance(4900)
    expect(navigate).not.toHaveBeenCalled()
    await advance(100)
    expect(navigate).toHaveBeenCalledWith('/auth/login', expect.objectContaining({ replace: true }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('confirms a new address asked for in the settings, with the same screen', async () => {
    const student = db.users.find((user) => user.id === seedIds.student)!
    student.pendingEmail = 'yuki.new@manabi.example'
    db.tokens.push({
      token: 'change-token',
      userId: student.id,
      kind: 'email_change',
      email: 'yuki.new@manabi.example',
    })
    await renderApp(undefined, { url: '/auth/confirmation?token=change-token' })
    expect(
      await screen.findByText('Your e-mail address is confirmed. Taking you to the login page…'),
    ).toBeInTheDocument()
    expect(student).toMatchObject({ email: 'yuki.new@manabi.example', pendingEmail: null })
  })

  it.each([
    [
      'en-US',
      'Your e-mail address is not confirmed',
      'That address now belongs to another account, so your e-mail address was not changed.',
    ],
    [
      'jp-JP',
      'メールアドレスは確認されていません',
      'このアドレスはすでに別のアカウントで使われているため、メールアドレスは変更されませんでした。',
    ],
  ])(
    'in %s, says so when another account took the new address meanwhile (409)',
    async (language, notConfirmedText, takenText) => {
      await i18n.changeLanguage(language)
      server.use(mockEndpoint(auth.confirm, () => errorResponse(409, 'Email already exists')))
      await renderApp(undefined, { url: '/auth/confirmation?token=change-token' })
      const notConfirmed = await screen.findByText(notConfirmedText)
      expect(notConfirmed.closest('[role="alert"]')).toHaveTextContent(takenText)
      expect(await toasts().findByText(takenText)).toBeInTheDocument()
      expect(screen.queryByText(FAILED)).not.toBeInTheDocument()
    },
  )

  it('treats a link without a token as a failure, without calling the server', async () => {
    const calls = countConfirmCalls()
    const { router } = await renderApp(undefined, { url: '/auth/confirmation' })
    expect(await screen.findByText('Your e-mail address is not confirmed')).toBeInTheDocument()
    expect(await toasts().findByText(FAILED)).toBeInTheDocument()
    await advance(5000)
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(calls).toEqual([])
  })
})

describe('resending the confirmation e-mail', () => {
  it('sends it, shows the server answer, and does not yank a typing user to login', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = await renderApp(undefined, { url: '/auth/confirmation?token=expired' })
    const email = await screen.findByLabelText('Email')
    const outboxBefore = db.outbox.length

    const navigate = vi.spyOn(router, 'navigate')
    await user.type(email, unconfirmed().email)
    expect(screen.getByText('You can stay here to send the e-mail again.')).toBeInTheDocument()
    await advance(6000)
    expect(navigate).not.toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/auth/confirmation')

    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }))
    const answer = i18n.t('api.accounts.confirmationSent')
    expect(await toasts().findByText(answer)).toBeInTheDocument()
    expect(screen.getAllByRole('status').some((element) => element.textContent === answer)).toBe(
      true,
    )
    expect(db.outbox).toHaveLength(outboxBefore + 1)
    expect(db.outbox.at(-1)).toMatchObject({ to: unconfirmed().email })
    expect(router.state.location.pathname).toBe('/auth/confirmation')
  })

  it('checks the address before sending', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderApp(undefined, { url: '/auth/confirmation?token=expired' })
    await user.type(await screen.findByLabelText('Email'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }))
    // The form's validation is asynchronous: its message shows a moment after the click.
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    )
  })

  it('toasts the error when the e-mail cannot be sent', async () => {
    server.use(mockEndpoint(auth.resendConfirmation, () => errorResponse(500, 'mailer down')))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderApp(undefined, { url: '/auth/confirmation?token=expired' })
    await user.type(await screen.findByLabelText('Email'), unconfirmed().email)
    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }))
    expect(
      await toasts().findByText(withReference('The confirmation e-mail could not be sent')),
    ).toBeInTheDocument()
  })
})
