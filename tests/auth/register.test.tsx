import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@contract/rules'
import { RegisterForm } from '@/features/auth/components/register-form'
import { db } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { changeLanguage } from '@/shared/i18n/i18n'
import { answer } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'
import { recordBodies } from '@tests/request-log'

const NEW_PASSWORD = 'Secret12'

const openRegister = async () => {
  const result = await renderApp(undefined, { url: '/auth/register' })
  await screen.findByRole('heading', { name: 'Create an account', level: 1 })
  return result
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign up' }))

/** Fills every field validly; `overrides` replace single values ('' leaves a field empty). */
const fillValid = async (
  overrides: Partial<Record<'name' | 'email' | 'password' | 'confirmPassword', string>> = {},
) => {
  const values = {
    name: 'Hana Suzuki',
    email: 'hana@example.com',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  }
  const type = async (label: string, value: string) => {
    if (value) await userEvent.type(screen.getByLabelText(label), value)
  }
  await type('Full name', values.name)
  await type('Email', values.email)
  await type('Password', values.password)
  await type('Confirm password', values.confirmPassword)
  await userEvent.click(screen.getByLabelText('I accept the terms and conditions'))
}

const captureRegisterBody = () => recordBodies(auth.register)

describe('registration form (§2, §5)', () => {
  it('requires every field on submit, the terms with their own message beside the checkbox', async () => {
    await openRegister()
    await submit()
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Required')
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    }
    expect(screen.getByLabelText('I accept the terms and conditions')).toHaveAccessibleDescription(
      'Please accept the terms and conditions',
    )
  })

  it('clears the terms error when the checkbox is ticked', async () => {
    await openRegister()
    await submit()
    const terms = screen.getByLabelText('I accept the terms and conditions')
    expect(terms).toHaveAccessibleDescription('Please accept the terms and conditions')
    await userEvent.click(terms)
    await waitFor(() => expect(terms).not.toHaveAccessibleDescription())
    expect(screen.queryByText('Please accept the terms and conditions')).not.toBeInTheDocument()
  })

  it('refuses a malformed e-mail', async () => {
    await openRegister()
    await fillValid({ email: 'hana@example' })
    await submit()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    )
  })

  it.each(['Abcd1', 'alllowercase1', 'ALLUPPERCASE1'])(
    'refuses the password %s (6 characters, one lowercase, one uppercase)',
    async (password) => {
      await openRegister()
      await fillValid({ password, confirmPassword: password })
      await submit()
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Password must be at least 6 characters and contain one lowercase and one uppercase letter',
      )
    },
  )

  it('refuses at the field a name, e-mail or password longer than an account holds, one over each bound', async () => {
    const bodies = captureRegisterBody()
    await openRegister()
    await fillValid()
    const replace = async (label: string, value: string) => {
      await userEvent.clear(screen.getByLabelText(label))
      await userEvent.click(screen.getByLabelText(label))
      await userEvent.paste(value)
    }
    const password = `Aa${'x'.repeat(PASSWORD_MAX_LENGTH - 1)}`
    const atBound = password.slice(0, PASSWORD_MAX_LENGTH)
    await replace('Full name', 'N'.repeat(NAME_MAX_LENGTH + 1))
    await replace('Email', `${'e'.repeat(EMAIL_MAX_LENGTH - 10)}@example.jp`)
    await replace('Password', password)
    await replace('Confirm password', password)
    await submit()
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'Use at most 120 characters',
    )
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An email address has at most 254 characters',
    )
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Use at most 128 characters',
    )
    expect(bodies).toHaveLength(0)
    // At the bounds, no message.
    await replace('Full name', 'N'.repeat(NAME_MAX_LENGTH))
    await replace('Email', `${'e'.repeat(EMAIL_MAX_LENGTH - 11)}@example.jp`)
    await replace('Password', atBound)
    await replace('Confirm password', atBound)
    await submit()
    await waitFor(() => expect(bodies).toHaveLength(1))
  })

  it('requires the two passwords to match', async () => {
    await openRegister()
    await fillValid({ confirmPassword: `${NEW_PASSWORD}x` })
    await submit()
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords must match',
    )
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription()
  })

  it('offers student (the default) and educator, never admin', async () => {
    await openRegister()
    const group = screen.getByRole('group', { name: 'I want to join as' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['student', 'educator'])
    expect(within(group).getByRole('radio', { name: 'Student' })).toBeChecked()
    expect(screen.queryByRole('radio', { name: /admin/i })).not.toBeInTheDocument()
  })

  it('links back to login', async () => {
    const { router } = await openRegister()
    await userEvent.click(screen.getByRole('link', { name: 'Back to login' }))
    await screen.findByRole('heading', { name: 'Log in' })
    expect(router.state.location.pathname).toBe('/auth/login')
  })
})

describe('registering (§4, §8)', () => {
  it('on 201 toasts, resets the form and shows the done screen', async () => {
    const sent = captureRegisterBody()
    const { router } = await openRegister()
    await fillValid()
    await userEvent.click(screen.getByRole('radio', { name: 'Educator' }))
    await submit()
    expect(
      await screen.findByText(
        'Your account was created. Check your inbox to confirm your e-mail address',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm'))
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument()
    expect(screen.getByText(/We have sent you an e-mail with a confirmation link/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
    server.events.removeAllListeners()
    expect(sent).toEqual([
      {
        name: 'Hana Suzuki',
        email: 'hana@example.com',
        password: NEW_PASSWORD,
        role: 'educator',
        terms: true,
        language: 'en-US',
        // The browser's zone (tests run in UTC): the account's days and months are its.
        timezone: 'UTC',
      },
    ])
    const created = db.users.find((user) => user.email === 'hana@example.com')
    expect(created).toMatchObject({ role: 'educator', isEmailConfirmed: false, timezone: 'UTC' })
    expect(db.outbox.at(-1)?.to).toBe('hana@example.com')
  })

  it('resets the form, the role back to student, once registered', async () => {
    // The form alone at every path, so it stays mounted across the navigation to /auth/confirm.
    const { router } = await renderApp(<RegisterForm />, { url: '/auth/register' })
    await fillValid()
    await userEvent.click(screen.getByRole('radio', { name: 'Educator' }))
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm'))
    expect(screen.getByLabelText('Full name')).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveValue('')
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(screen.getByLabelText('Confirm password')).toHaveValue('')
    expect(screen.getByRole('radio', { name: 'Student' })).toBeChecked()
    expect(screen.getByLabelText('I accept the terms and conditions')).not.toBeChecked()
  })

  it('puts "Email already exists" (409) on the email field and keeps the form', async () => {
    const { router } = await openRegister()
    await fillValid({ email: db.users[0]!.email })
    await submit()
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email already exists'),
    )
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(screen.getByLabelText('Full name')).toHaveValue('Hana Suzuki')
    expect(router.state.location.pathname).toBe('/auth/register')
  })

  it('says the e-mail exists in Japanese when the interface is Japanese', async () => {
    await changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/auth/register' })
    await screen.findByRole('heading', { name: 'アカウントを作成', level: 1 })
    await userEvent.type(screen.getByLabelText('氏名'), '鈴木 花')
    await userEvent.type(screen.getByLabelText('メールアドレス'), db.users[0]!.email)
    await userEvent.type(screen.getByLabelText('パスワード'), NEW_PASSWORD)
    await userEvent.type(screen.getByLabelText('パスワード（確認）'), NEW_PASSWORD)
    await userEvent.click(screen.getByLabelText('利用規約に同意します'))
    expect(screen.getByRole('group', { name: '登録の種類' })).toBeInTheDocument()
    const sent = captureRegisterBody()
    await userEvent.click(screen.getByRole('button', { name: '登録する' }))
    await waitFor(() =>
      expect(screen.getByLabelText('メールアドレス')).toHaveAccessibleDescription(
        'このメールアドレスは既に登録されています',
      ),
    )
    server.events.removeAllListeners()
    expect(sent).toEqual([expect.objectContaining({ language: 'jp-JP' })])
  })

  it("gives the account the browser's time zone", async () => {
    process.env.TZ = 'America/New_York'
    const sent = captureRegisterBody()
    await openRegister()
    await fillValid()
    await submit()
    await waitFor(() => expect(sent).toHaveLength(1))
    server.events.removeAllListeners()
    expect(sent[0]).toMatchObject({ timezone: 'America/New_York' })
    expect(db.users.find((user) => user.email === 'hana@example.com')?.timezone).toBe(
      'America/New_York',
    )
  })

  it('puts another server message about the e-mail on the email field', async () => {
    server.use(
      mockEndpoint(auth.register, () => errorResponse(400, ['email has an invalid format'])),
    )
    await openRegister()
    await fillValid()
    await submit()
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'email has an invalid format',
      ),
    )
  })

  it('toasts any other server message and keeps the form', async () => {
    server.use(
      mockEndpoint(auth.register, () => errorResponse(429, 'Too many attempts, slow down')),
    )
    const { router } = await openRegister()
    await fillValid()
    await submit()
    expect(await screen.findByText('Too many attempts, slow down')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription()
    expect(screen.getByLabelText('Email')).toHaveValue('hana@example.com')
    expect(router.state.location.pathname).toBe('/auth/register')
  })

  it('toasts "Registration failed" when the server gives no message', async () => {
    server.use(mockEndpoint(auth.register, () => new HttpResponse(null, { status: 500 })))
    await openRegister()
    await fillValid()
    await submit()
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })

  it('disables the submit button while the request is pending', async () => {
    let release: () => void = () => {}
    server.use(
      mockEndpoint(auth.register, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return answer(auth.register, { message: 'ok' }, { status: 201 })
      }),
    )
    await openRegister()
    await fillValid()
    await submit()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign up' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    )
    release()
    await screen.findByRole('heading', { name: 'Check your inbox' })
  })
})

describe('the terms dialog (§2)', () => {
  it('shows the terms, closes on Escape and gives focus back', async () => {
    await openRegister()
    const opener = screen.getByRole('button', { name: 'Read the terms and conditions' })
    await userEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    expect(within(dialog).getByRole('heading', { name: 'Refunds' })).toBeInTheDocument()
    expect(dialog).toHaveTextContent('at least ¥7,197 over three months')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
    expect(screen.getByLabelText('I accept the terms and conditions')).not.toBeChecked()
  })

  it('ticks the terms checkbox when accepted in the dialog', async () => {
    await openRegister()
    await submit()
    await userEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const terms = screen.getByLabelText('I accept the terms and conditions')
    expect(terms).toBeChecked()
    await waitFor(() => expect(terms).not.toHaveAccessibleDescription())
  })

  it('shows the same text as the terms page', async () => {
    await renderApp(undefined, { url: '/terms' })
    const page = await screen.findByRole('article')
    const pageText = page.textContent?.replace('Terms and conditions', '')
    cleanup()
    await openRegister()
    await userEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' })
    expect(dialog.textContent).toContain(pageText)
  })
})
