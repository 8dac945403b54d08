import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Descriptor } from '@contract/descriptor'
import * as auth from '@contract/descriptors/auth'
import { DEMO_PASSWORD, db, seedIds, seedTokens } from '@/mocks/db'
import { mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { recordBodies } from '@tests/request-log'

const student = () => db.users.find((user) => user.id === seedIds.student)!
const NEW_PASSWORD = 'FreshStart9'

/** The toast showing `text`, so a test can tell a success toast from an error one. */
const findToast = async (text: string) => {
  const matches = await screen.findAllByText(text)
  const toast = matches.map((match) => match.closest('.Toastify__toast')).find(Boolean)
  expect(toast, `a toast saying "${text}"`).toBeDefined()
  return toast
}

/** An error answer for `descriptor`, without a message when none is given. */
const failWith = (descriptor: Descriptor, status: number, message?: string) =>
  server.use(
    mockEndpoint(descriptor, () =>
      HttpResponse.json(
        { statusCode: status, error: 'Error', ...(message === undefined ? {} : { message }) },
        { status },
      ),
    ),
  )

afterEach(() => {
  server.events.removeAllListeners()
})

describe('forgot password (§2, §4, §5)', () => {
  it('has a title, a description, the logo linking home and a link back to login', async () => {
    await renderApp(undefined, { url: '/auth/forgot-password' })
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?', level: 1 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Forgot your password?' })).toHaveAccessibleDescription(
      'Enter the e-mail address of your account and we will send you a link to set a new password.',
    )
    expect(screen.getByRole('link', { name: 'Manabi, go to the home page' })).toHaveAttribute(
      'href',
      '/',
    )
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  it('requires a valid e-mail on submit and sends nothing until it has one', async () => {
    const bodies = recordBodies(auth.passwordResetEmail)
    await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }))
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAccessibleDescription('Required')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(email, 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(email).toHaveAccessibleDescription('Please enter a valid email address')
    expect(bodies).toEqual([])
  })

  it("posts the e-mail, shows the server's message and goes to reset-confirm/email", async () => {
    const bodies = recordBodies(auth.passwordResetEmail)
    const { router } = await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.type(await screen.findByLabelText('Email'), student().email)
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await findToast(i18n.t('api.accounts.resetSent'))).toHaveClass(
      'Toastify__toast--success',
    )
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset-confirm/email')
    expect(bodies).toEqual([{ email: student().email }])
  })

  it("shows the server's error message and goes to reset-error/email", async () => {
    failWith(auth.passwordResetEmail, 429, 'Too many requests, slow down')
    const { router } = await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.type(await screen.findByLabelText('Email'), student().email)
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await findToast('Too many requests, slow down')).toHaveClass('Toastify__toast--error')
    expect(
      await screen.findByRole('heading', { name: 'Password reset failed' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset-error/email')
  })

  it("falls back to 'Error while resetting password' when the server says nothing", async () => {
    failWith(auth.passwordResetEmail, 500)
    const { router } = await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.type(await screen.findByLabelText('Email'), student().email)
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await findToast('Error while resetting password')).toHaveClass('Toastify__toast--error')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-error/email'))
  })

  it('is shown in Japanese', async () => {
    await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'jp-JP')
    expect(
      await screen.findByRole('heading', { name: 'パスワードをお忘れですか？' }),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'パスワードをリセット' }))
    expect(screen.getByLabelText('メールアドレス')).toHaveAccessibleDescription('必須項目です')
    expect(screen.getByRole('link', { name: 'ログインに戻る' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'まなび、ホームへ移動' })).toHaveAttribute('href', '/')
  })
})

describe('reset password (§2, §4, §5)', () => {
  const resetUrl = `/auth/reset-password?token=${seedTokens.reset}`

  const fillPasswords = async (password: string, confirm: string) => {
    await userEvent.type(await screen.findByLabelText('New password'), password)
    await userEvent.type(screen.getByLabelText('Confirm password'), confirm)
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }))
  }

  it('goes straight to reset-error/password, replacing history, when the link has no token', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/reset-password' })
    expect(
      await screen.findByRole('heading', { name: 'Password reset failed' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset-error/password')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('treats an empty token as missing', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/reset-password?token=' })
    await screen.findByRole('heading', { name: 'Password reset failed' })
    expect(router.state.location.pathname).toBe('/auth/reset-error/password')
  })

  it('requires both fields on submit', async () => {
    await renderApp(undefined, { url: resetUrl })
    await screen.findByRole('heading', { name: 'Set a new password' })
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Required')
  })

  it.each([
    ['too short', 'Ab1'],
    ['without an uppercase letter', 'lowercase1'],
    ['without a lowercase letter', 'UPPERCASE1'],
  ])('refuses a password %s', async (_, password) => {
    await renderApp(undefined, { url: resetUrl })
    await fillPasswords(password, password)
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters and contain one lowercase and one uppercase letter',
    )
  })

  it('refuses a confirmation that does not match', async () => {
    const bodies = recordBodies(auth.setNewPassword)
    await renderApp(undefined, { url: resetUrl })
    await fillPasswords(NEW_PASSWORD, `${NEW_PASSWORD}x`)
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords must match',
    )
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid')
    expect(bodies).toEqual([])
  })

  it("posts the password with the token, shows the server's message and goes to reset-confirm/password", async () => {
    const bodies = recordBodies(auth.setNewPassword)
    const { router } = await renderApp(undefined, { url: resetUrl })
    await fillPasswords(NEW_PASSWORD, NEW_PASSWORD)
    expect(await findToast(i18n.t('api.accounts.passwordChanged'))).toHaveClass(
      'Toastify__toast--success',
    )
    expect(
      await screen.findByRole('heading', { name: 'Password changed', level: 1 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset-confirm/password')
    expect(bodies).toEqual([{ password: NEW_PASSWORD, passwordResetToken: seedTokens.reset }])
    expect(student().password).toBe(NEW_PASSWORD)
  })

  it('goes to reset-error/password when the token is refused', async () => {
    const { router } = await renderApp(undefined, {
      url: '/auth/reset-password?token=used-or-made-up',
    })
    await fillPasswords(NEW_PASSWORD, NEW_PASSWORD)
    expect(await findToast(i18n.t('api.accounts.invalidToken'))).toHaveClass(
      'Toastify__toast--error',
    )
    expect(
      await screen.findByRole('heading', { name: 'Password reset failed' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/reset-error/password')
    expect(student().password).toBe(DEMO_PASSWORD)
  })

  it("falls back to 'Error while resetting password' when the server says nothing", async () => {
    failWith(auth.setNewPassword, 500)
    const { router } = await renderApp(undefined, { url: resetUrl })
    await fillPasswords(NEW_PASSWORD, NEW_PASSWORD)
    expect(await findToast('Error while resetting password')).toHaveClass('Toastify__toast--error')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-error/password'))
  })
})

describe('reset confirm (§2, §9)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('says the reset e-mail was sent for type email', async () => {
    await renderApp(undefined, { url: '/auth/reset-confirm/email' })
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'We have sent you a password-reset e-mail. Follow the link in it to set a new password.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText('You will be taken to the home page in 10 seconds.'),
    ).toBeInTheDocument()
  })

  it.each(['password', 'anything-else'])(
    'says the password was changed for type %s',
    async (type) => {
      await renderApp(undefined, { url: `/auth/reset-confirm/${type}` })
      expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument()
      expect(
        screen.getByText(
          'Your password has been changed. You can now log in with your new password.',
        ),
      ).toBeInTheDocument()
    },
  )

  it('has a button that goes back to login', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/reset-confirm/email' })
    await userEvent.click(await screen.findByRole('link', { name: 'Go back to login' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/login')
  })

  it('goes to / replacing history after exactly 10 s, and not from a screen already left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = await renderApp(undefined, { url: '/auth/reset-confirm/email' })
    // Leaving the screen cancels its redirect (checked below: it would fire before 9.9 s).
    await user.click(await screen.findByRole('link', { name: 'Go back to login' }))
    await screen.findByRole('heading', { name: 'Log in' })

    // The screen's module is loaded now, so it mounts as soon as the navigation starts: `start`
    // is at or before the moment its timer is set, and `shown` at or after it.
    const start = Date.now()
    await act(() => router.navigate('/auth/reset-confirm/password'))
    await screen.findByRole('heading', { name: 'Password changed' })
    const shown = Date.now()

    act(() => {
      vi.advanceTimersByTime(start + 9_900 - Date.now())
    })
    expect(router.state.location.pathname).toBe('/auth/reset-confirm/password')
    expect(router.state.navigation.state).toBe('idle')

    act(() => {
      vi.advanceTimersByTime(Math.max(0, shown + 10_000 - Date.now()))
    })
    // The redirect has started by now (checked before any more time can pass), and lands on /.
    const target = router.state.navigation.location ?? router.state.location
    expect(target.pathname).toBe('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('reset error (§2)', () => {
  it('says sending the e-mail failed and leads back to forgot-password', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/reset-error/email' })
    expect(
      await screen.findByRole('heading', { name: 'Password reset failed' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'We could not send the password-reset e-mail. Please check the address and try again.',
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Back to forgot password' }))
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/forgot-password')
  })

  it('says the password could not be changed for type password', async () => {
    await renderApp(undefined, { url: '/auth/reset-error/password' })
    await screen.findByRole('heading', { name: 'Password reset failed' })
    expect(
      screen.getByText(
        'Your password could not be changed. The link may have expired or already been used; please request a new one.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to forgot password' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    )
  })
})

describe('password recovery round trip on the mock', () => {
  it('e-mails a reset link whose new password logs in while the old one no longer does', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/forgot-password' })
    await userEvent.type(await screen.findByLabelText('Email'), student().email)
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await screen.findByRole('heading', { name: 'Check your inbox' })

    const mail = db.outbox.findLast((email) => email.to === student().email)
    expect(mail?.subject).toBe('Reset your password')
    const link = /\/auth\/reset-password\?token=\S+/.exec(mail?.body ?? '')?.[0]
    expect(link).toBeDefined()
    expect(link).not.toContain(seedTokens.reset)

    await act(() => router.navigate(link!))
    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD)
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }))
    await screen.findByRole('heading', { name: 'Password changed', level: 1 })

    await userEvent.click(screen.getByRole('link', { name: 'Go back to login' }))
    await screen.findByRole('heading', { name: 'Log in' })
    await userEvent.type(screen.getByLabelText('Email'), student().email)
    await userEvent.type(screen.getByLabelText('Password'), DEMO_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(
      await screen.findByText('Invalid email or password. Please try again'),
    ).toBeInTheDocument()

    await userEvent.clear(screen.getByLabelText('Password'))
    await userEvent.type(screen.getByLabelText('Password'), NEW_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('You are logged in')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
