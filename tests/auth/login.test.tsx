import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import { DEMO_PASSWORD, db, seedIds } from '@/mocks/db'
import { mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const student = () => db.users.find((user) => user.id === seedIds.student)!

const fill = async (email: string, password: string) => {
  await userEvent.type(screen.getByLabelText('Email'), email)
  await userEvent.type(screen.getByLabelText('Password'), password)
}

describe('login (§2, §4, §5, §8)', () => {
  it('asks for an e-mail and a password on submit', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses a malformed e-mail', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill('not-an-email', 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
  })

  it('signs in, says so, and goes to the dashboard; rememberMe is sent', async () => {
    let sent: unknown
    server.events.on('request:start', ({ request }) => {
      if (isCallOf(auth.login, request)) {
        void request
          .clone()
          .json()
          .then((body: unknown) => {
            sent = body
          })
      }
    })
    const { router } = await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(student().email, DEMO_PASSWORD)
    await userEvent.click(screen.getByLabelText('Remember me'))
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('You are logged in')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('REPLACE')
    server.events.removeAllListeners()
    expect(sent).toEqual({ email: student().email, password: DEMO_PASSWORD, rememberMe: true })
  })

  it('sends the password as typed, spaces at its ends included, as registration keeps them', async () => {
    student().password = ' Pass word1 '
    const { router } = await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(student().email, ' Pass word1 ')
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('You are logged in')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('says so in the account’s language, which the screens switch to, not the login page’s', async () => {
    const signIn = db.signIn.bind(db)
    vi.spyOn(db, 'signIn').mockImplementation((userId: number) => {
      signIn(userId)
      student().language = 'jp-JP'
    })
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(student().email, DEMO_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('ログインしました')).toBeInTheDocument()
    expect(screen.queryByText('You are logged in')).not.toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'ダッシュボード', level: 1 }),
    ).toBeInTheDocument()
  })

  it('says the credentials are wrong on 401 and keeps what was typed', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(student().email, 'WrongPassword1')
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again',
    )
    expect(screen.getByLabelText('Email')).toHaveValue(student().email)
    expect(screen.getByLabelText('Password')).toHaveValue('WrongPassword1')
  })

  it("shows the server's message for other failures (an unconfirmed e-mail)", async () => {
    const unconfirmed = db.users.find((user) => user.id === seedIds.unconfirmedStudent)!
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(unconfirmed.email, DEMO_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      i18n.t('api.accounts.emailNotConfirmed'),
    )
  })

  it("falls back to 'User login failed' when the server gives no message", async () => {
    server.use(mockEndpoint(auth.login, () => new HttpResponse(null, { status: 500 })))
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await fill(student().email, DEMO_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('User login failed')
  })

  it('links to password recovery and sign-up', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/register')
  })

  it('uses the same form with its own hero image for teachers', async () => {
    const { container } = await renderApp(undefined, { url: '/auth/login/teacher' })
    expect(await screen.findByRole('heading', { name: 'Log in as a teacher' })).toBeInTheDocument()
    expect(container.querySelector('img[data-variant="teacher"]')).toHaveAttribute(
      'src',
      '/images/hero-teacher.svg',
    )
    await renderApp(undefined, { url: '/auth/login/student' })
    expect(document.querySelector('img[data-variant="student"]')).not.toBeNull()
  })

  it('is offered from the welcome page as student and teacher, with registration', async () => {
    await renderApp(undefined, { url: '/login' })
    expect(await screen.findByRole('link', { name: 'Log in as a student' })).toHaveAttribute(
      'href',
      '/auth/login/student',
    )
    expect(screen.getByRole('link', { name: 'Log in as a teacher' })).toHaveAttribute(
      'href',
      '/auth/login/teacher',
    )
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
  })

  it('reads in Japanese', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'jp-JP')
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument()
    expect(screen.getByLabelText('メールアドレス')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }))
    expect(screen.getByLabelText('メールアドレス')).toHaveAccessibleDescription('必須項目です')
  })
})
