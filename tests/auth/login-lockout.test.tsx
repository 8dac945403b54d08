import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import { AUTH_ATTEMPTS_PER_WINDOW } from '@contract/rules'
import { DEMO_PASSWORD, db, seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const student = () => db.users.find((user) => user.id === seedIds.student)!

/** Types the e-mail once, then submits each password in turn, waiting for each answer. */
const submitPasswords = async (email: string, passwords: string[]) => {
  let answered = 0
  const count = ({ request }: { request: Request }) => {
    if (isCallOf(auth.login, request)) answered += 1
  }
  server.events.on('response:mocked', count)
  await userEvent.type(screen.getByLabelText('Email'), email)
  const password = screen.getByLabelText('Password')
  const submit = screen.getByRole('button', { name: 'Log in' })
  for (const [index, attempt] of passwords.entries()) {
    await userEvent.clear(password)
    await userEvent.type(password, attempt)
    await userEvent.click(submit)
    await waitFor(() => expect(answered).toBe(index + 1))
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'))
  }
  server.events.removeListener('response:mocked', count)
}

const wrongPasswords = Array.from(
  { length: AUTH_ATTEMPTS_PER_WINDOW },
  (_, attempt) => `Wrong${attempt}pass`,
)

describe('login when the account is locked for this browser', () => {
  it('says to wait or reset the password, with a link to reset it', async () => {
    const { router } = await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await submitPasswords(student().email, [...wrongPasswords, DEMO_PASSWORD])

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'Too many sign-in attempts. Wait up to 1 minute and try again, or reset your password.',
    )
    const reset = within(alert).getByRole('link', { name: 'Reset your password' })
    expect(reset).toHaveAttribute('href', '/auth/forgot-password')
    // Still on the form, with what was typed.
    expect(router.state.location.pathname).toBe('/auth/login')
    expect(screen.getByLabelText('Email')).toHaveValue(student().email)

    await userEvent.click(reset)
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  })

  it('says the same in Japanese', async () => {
    await renderApp(undefined, { url: '/auth/login' })
    await screen.findByRole('heading', { name: 'Log in' })
    await submitPasswords(student().email, [...wrongPasswords, DEMO_PASSWORD])
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'ログインの試行回数が多すぎます。1分ほど待ってからもう一度お試しいただくか、パスワードを再設定してください。',
    )
    expect(within(alert).getByRole('link', { name: 'パスワードを再設定する' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    )
  })
})
