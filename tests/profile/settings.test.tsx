import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import * as user from '@contract/descriptors/user'
import { MESSAGES } from '@contract/messages'
import { REAUTH_MAX_FAILURES } from '@contract/rules'
import { db, DEMO_PASSWORD, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { call } from '@tests/mocks/helpers'
import { holdCalls } from '@tests/hold-calls'
import { renderApp, type TestUser } from '@tests/render-app'
import { recordBodies } from '@tests/request-log'

const userRow = (id: number) => db.users.find((user) => user.id === id)!

const renderSettings = async (user: TestUser = 'student') => {
  const result = await renderApp(undefined, { url: '/settings', user })
  await screen.findByRole('heading', { name: 'Settings', level: 1 })
  return result
}

const profileForm = () => screen.getByRole('form', { name: 'Profile' })
const update = () => within(profileForm()).getByRole('button', { name: 'Update' })
const nav = () => screen.getByRole('navigation', { name: 'Main navigation' })

describe('settings: the profile form (§2, §5)', () => {
  it('is prefilled from the current user', async () => {
    await renderSettings('educator')
    expect(screen.getByLabelText('Full name')).toHaveValue('Kenji Tanaka')
    expect(screen.getByLabelText('Email')).toHaveValue('kenji@manabi.example')
    const bio = screen.getByLabelText('Bio')
    expect(bio.tagName).toBe('TEXTAREA')
    expect(bio).toHaveValue(userRow(seedIds.educator).description)
    // §9: the educator's description area is 300 px high.
    expect(bio).toHaveClass('h-bio')
  })

  it('requires the full name', async () => {
    await renderSettings()
    await userEvent.clear(screen.getByLabelText('Full name'))
    await userEvent.click(update())
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText('Full name')).toBeInvalid()
    expect(userRow(seedIds.student).name).toBe('Yuki Yamamoto')
  })

  it('requires the email', async () => {
    await renderSettings()
    await userEvent.clear(screen.getByLabelText('Email'))
    await userEvent.click(update())
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText('Full name')).not.toBeInvalid()
  })

  it('requires a valid email', async () => {
    await renderSettings()
    const email = screen.getByLabelText('Email')
    await userEvent.clear(email)
    await userEvent.type(email, 'yuki@')
    await userEvent.click(update())
    expect(email).toHaveAccessibleDescription('Please enter a valid email address')
    expect(userRow(seedIds.student).email).toBe('yuki@manabi.example')
  })

  it('updates the user, says so and refreshes the name in the navigation', async () => {
    const sent = recordBodies(user.updateProfile)
    await renderSettings()
    expect(within(nav()).getByText('Yuki Yamamoto')).toBeInTheDocument()
    const name = screen.getByLabelText('Full name')
    await userEvent.clear(name)
    await userEvent.type(name, 'Yuki Sato')
    // The name alone needs no password.
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
    await userEvent.click(update())
    expect(await screen.findByText('User updated')).toBeInTheDocument()
    expect(await within(nav()).findByText('Yuki Sato')).toBeInTheDocument()
    expect(userRow(seedIds.student)).toMatchObject({
      name: 'Yuki Sato',
      email: 'yuki@manabi.example',
    })
    expect(name).toHaveValue('Yuki Sato')
    expect(sent).toEqual([{ name: 'Yuki Sato', email: 'yuki@manabi.example' }])
  })

  it('needs no password to change the case of the address', async () => {
    await renderSettings()
    const email = screen.getByLabelText('Email')
    await userEvent.clear(email)
    await userEvent.type(email, 'Yuki@Manabi.example')
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
    await userEvent.click(update())
    expect(await screen.findByText('User updated')).toBeInTheDocument()
    expect(userRow(seedIds.student).email).toBe('Yuki@Manabi.example')
  })

  it('sends the bio for educators and a cleared bio as none', async () => {
    await renderSettings('educator')
    const bio = screen.getByLabelText('Bio')
    await userEvent.clear(bio)
    await userEvent.type(bio, 'Now teaching in Kyoto.')
    await userEvent.click(update())
    await screen.findByText('User updated')
    expect(userRow(seedIds.educator).description).toBe('Now teaching in Kyoto.')

    await userEvent.clear(bio)
    await userEvent.click(update())
    await waitFor(() => expect(screen.getAllByText('User updated')).toHaveLength(2))
    expect(userRow(seedIds.educator).description).toBeNull()
    expect(bio).toHaveValue('')
    expect(bio).not.toBeInvalid()
  })

  it('disables Update while the update is pending', async () => {
    const request = holdCalls(user.updateProfile)
    await renderSettings()
    await userEvent.click(update())
    await waitFor(() => expect(update()).toHaveAttribute('aria-disabled', 'true'))
    expect(screen.queryByText('User updated')).not.toBeInTheDocument()
    await request.release()
    await screen.findByText('User updated')
    await waitFor(() => expect(update()).toBeEnabled())
  })

  it('puts a taken email on the email field (409)', async () => {
    await renderSettings()
    const email = screen.getByLabelText('Email')
    await userEvent.clear(email)
    await userEvent.type(email, 'emily@manabi.example')
    await userEvent.type(screen.getByLabelText('Current password'), DEMO_PASSWORD)
    await userEvent.click(update())
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email already exists'))
    expect(email).toBeInvalid()
    expect(userRow(seedIds.student).email).toBe('yuki@manabi.example')
    expect(screen.queryByText('User updated')).not.toBeInTheDocument()
  })

  it("shows any other failure as a toast with the server's message", async () => {
    server.use(mockEndpoint(user.updateProfile, () => errorResponse(400, ['name is too long'])))
    await renderSettings()
    await userEvent.click(update())
    expect(await screen.findByText('name is too long')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).not.toBeInvalid()
    await waitFor(() => expect(update()).toBeEnabled())
  })

  it('shows the students neither the bio nor the video licence', async () => {
    await renderSettings('student')
    expect(screen.getByLabelText('Full name')).toBeInTheDocument()
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reassign video licence' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument()
  })

  it('shows the admins neither the bio nor the video licence', async () => {
    await renderSettings('admin')
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reassign video licence' })).not.toBeInTheDocument()
  })

  it('renders in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/settings', user: 'educator' })
    await screen.findByRole('heading', { name: '設定', level: 1 })
    const name = screen.getByLabelText('氏名')
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('kenji@manabi.example')
    expect(screen.getByLabelText('自己紹介')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'パスワードを変更' })).toBeInTheDocument()
    expect(screen.getByText('現在のライセンス：Zoom（zoom-1@manabi.example）')).toBeInTheDocument()
    await userEvent.clear(name)
    await userEvent.click(screen.getByRole('button', { name: '更新' }))
    expect(name).toHaveAccessibleDescription('必須項目です')
  })
})

describe('settings: a new e-mail address', () => {
  const askFor = async (address: string, currentPassword?: string) => {
    const email = screen.getByLabelText('Email')
    await userEvent.clear(email)
    await userEvent.type(email, address)
    if (currentPassword !== undefined) {
      await userEvent.type(screen.getByLabelText('Current password'), currentPassword)
    }
    await userEvent.click(update())
  }

  it('asks for the current password, required before anything is sent', async () => {
    const sent = recordBodies(user.updateProfile)
    await renderSettings()
    await askFor('yuki.new@manabi.example')
    const current = screen.getByLabelText('Current password')
    expect(current).toHaveAttribute('type', 'password')
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(current).toHaveAccessibleDescription(
      'Required Enter your current password to change your e-mail address.',
    )
    expect(current).toBeInvalid()
    expect(sent).toEqual([])
  })

  it('puts a wrong current password on its field, changing nothing', async () => {
    await renderSettings()
    await askFor('yuki.new@manabi.example', 'Wrong1password')
    const current = screen.getByLabelText('Current password')
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(
        'The current password is incorrect Enter your current password to change your e-mail address.',
      ),
    )
    expect(current).toHaveFocus()
    expect(screen.getByLabelText('Email')).not.toBeInvalid()
    expect(userRow(seedIds.student)).toMatchObject({
      email: 'yuki@manabi.example',
      pendingEmail: null,
    })
    expect(screen.queryByText('User updated')).not.toBeInTheDocument()
  })

  it('says when too many wrong passwords were given', async () => {
    // The mock counts wrong attempts like the server: the limit is already reached.
    Object.assign(userRow(seedIds.student), {
      reauthFailures: REAUTH_MAX_FAILURES,
      reauthWindowStart: Date.now(),
    })
    await renderSettings()
    await askFor('yuki.new@manabi.example', DEMO_PASSWORD)
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Too many wrong passwords. Please wait up to 15 minutes and try again. Enter your current password to change your e-mail address.',
      ),
    )
    expect(userRow(seedIds.student).pendingEmail).toBeNull()
  })

  it('waits for the confirmation: a toast, the old address kept, the new one shown as pending', async () => {
    const sent = recordBodies(user.updateProfile)
    await renderSettings()
    await askFor('yuki.new@manabi.example', DEMO_PASSWORD)
    expect(
      await screen.findByText(
        'We sent a confirmation link to yuki.new@manabi.example. Your e-mail address changes once you open it.',
      ),
    ).toBeInTheDocument()
    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(email).toHaveValue('yuki@manabi.example'))
    expect(email).toHaveAccessibleDescription(
      'Waiting for confirmation of yuki.new@manabi.example: open the link we sent there. Until then this address stays in use.',
    )
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
    expect(within(nav()).getByText('yuki@manabi.example')).toBeInTheDocument()
    expect(userRow(seedIds.student)).toMatchObject({
      email: 'yuki@manabi.example',
      pendingEmail: 'yuki.new@manabi.example',
    })
    expect(sent).toEqual([
      {
        name: 'Yuki Yamamoto',
        email: 'yuki.new@manabi.example',
        currentPassword: DEMO_PASSWORD,
      },
    ])
    expect(screen.queryByText('User updated')).not.toBeInTheDocument()
  })

  it('withdraws a pending address: the notice and its button go, unsaved edits stay', async () => {
    userRow(seedIds.student).pendingEmail = 'yuki.typo@manabi.example'
    await renderSettings()
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAccessibleDescription(/yuki\.typo@manabi\.example/)
    await userEvent.clear(screen.getByLabelText('Full name'))
    await userEvent.type(screen.getByLabelText('Full name'), 'Yuki Sato')
    await userEvent.click(
      screen.getByRole('button', { name: 'Withdraw the change to yuki.typo@manabi.example' }),
    )
    expect(
      await screen.findByText(
        'The change was withdrawn: yuki@manabi.example stays your e-mail address.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(email).not.toHaveAccessibleDescription())
    expect(screen.queryByRole('button', { name: /Withdraw the change/ })).not.toBeInTheDocument()
    expect(userRow(seedIds.student)).toMatchObject({
      email: 'yuki@manabi.example',
      pendingEmail: null,
    })
    expect(screen.getByLabelText('Full name')).toHaveValue('Yuki Sato')
    expect(email).toHaveValue('yuki@manabi.example')
  })

  it('says so when the change cannot be withdrawn (no answer), and keeps the notice', async () => {
    userRow(seedIds.student).pendingEmail = 'yuki.typo@manabi.example'
    server.use(mockEndpoint(user.withdrawEmailChange, () => HttpResponse.error()))
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/settings', user: 'student' })
    await userEvent.click(
      await screen.findByRole('button', { name: 'yuki.typo@manabi.example への変更を取り消す' }),
    )
    expect(
      await screen.findByText('メールアドレスの変更を取り消せませんでした。'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('メールアドレス')).toHaveAccessibleDescription(
      /yuki\.typo@manabi\.example の確認待ちです/,
    )
  })

  it('speaks Japanese: the field, its errors, the toast and the pending address', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/settings', user: 'student' })
    await screen.findByRole('heading', { name: '設定', level: 1 })
    const email = screen.getByLabelText('メールアドレス')
    await userEvent.clear(email)
    await userEvent.type(email, 'yuki.new@manabi.example')
    const current = screen.getByLabelText('現在のパスワード')
    await userEvent.type(current, 'Wrong1password')
    await userEvent.click(screen.getByRole('button', { name: '更新' }))
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(
        '現在のパスワードが正しくありません メールアドレスを変更するには、現在のパスワードを入力してください。',
      ),
    )
    await userEvent.clear(current)
    await userEvent.type(current, DEMO_PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: '更新' }))
    expect(
      await screen.findByText(
        'yuki.new@manabi.example に確認用のリンクを送りました。リンクを開くとメールアドレスが変更されます。',
      ),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByLabelText('メールアドレス')).toHaveAccessibleDescription(
        'yuki.new@manabi.example の確認待ちです。そのアドレスに送ったリンクを開いてください。確認されるまでは現在のアドレスが使われます。',
      ),
    )
  })
})

describe('settings: the change-password dialog (§2, §5)', () => {
  const openDialog = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    return screen.getByRole('dialog', { name: 'Change password' })
  }

  it('opens with the focus inside, at most 450 px wide', async () => {
    await renderSettings()
    const dialog = await openDialog()
    expect(dialog).toHaveClass('max-w-dialog')
    const current = within(dialog).getByLabelText('Current password')
    expect(current).toHaveFocus()
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(within(dialog).getByLabelText('New password')).toHaveValue('')
    expect(within(dialog).getByLabelText('Confirm password')).toHaveValue('')
  })

  it('validates the current password, the new one and its confirmation', async () => {
    await renderSettings()
    const dialog = await openDialog()
    const current = within(dialog).getByLabelText('Current password')
    const password = within(dialog).getByLabelText('New password')
    const confirm = within(dialog).getByLabelText('Confirm password')
    const submit = within(dialog).getByRole('button', { name: 'Confirm' })

    await userEvent.click(submit)
    expect(current).toHaveAccessibleDescription('Required')
    expect(password).toHaveAccessibleDescription('Required')
    expect(confirm).toHaveAccessibleDescription('Required')

    await userEvent.type(current, DEMO_PASSWORD)

    await userEvent.type(password, 'abcdef')
    await userEvent.type(confirm, 'abcdef')
    await userEvent.click(submit)
    expect(password).toHaveAccessibleDescription(
      'Password must be at least 6 characters and contain one lowercase and one uppercase letter',
    )

    await userEvent.clear(password)
    await userEvent.type(password, 'Abcdef')
    await userEvent.click(submit)
    expect(password).not.toBeInvalid()
    expect(confirm).toHaveAccessibleDescription('Passwords must match')
    expect(userRow(seedIds.student).password).toBe(DEMO_PASSWORD)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('Cancel closes the dialog and clears the fields', async () => {
    await renderSettings()
    let dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('Current password'), DEMO_PASSWORD)
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Secret1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus()

    dialog = await openDialog()
    expect(within(dialog).getByLabelText('Current password')).toHaveValue('')
    expect(within(dialog).getByLabelText('New password')).toHaveValue('')
    expect(userRow(seedIds.student).password).toBe(DEMO_PASSWORD)
  })

  it('Escape closes the dialog', async () => {
    await renderSettings()
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Secret1')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const reopened = await openDialog()
    expect(within(reopened).getByLabelText('New password')).toHaveValue('')
  })

  it('changes the password, closes and says so; the new password logs in', async () => {
    const sent = recordBodies(user.updateProfile)
    await renderSettings()
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('Current password'), DEMO_PASSWORD)
    await userEvent.type(within(dialog).getByLabelText('New password'), 'NewSecret1')
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'NewSecret1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const login = (password: string) =>
      call(auth.login, {
        as: null,
        json: { email: 'yuki@manabi.example', password, rememberMe: false },
      })
    expect((await login(DEMO_PASSWORD)).status).toBe(401)
    expect((await login('NewSecret1')).status).toBe(200)
    expect(sent).toEqual([{ password: 'NewSecret1', currentPassword: DEMO_PASSWORD }])
  })

  it.each([
    ['en-US', 'Current password', 'Confirm', 'The current password is incorrect'],
    ['jp-JP', '現在のパスワード', '変更する', '現在のパスワードが正しくありません'],
  ])(
    'in %s, puts a wrong current password on its field and keeps the dialog open',
    async (language, currentLabel, confirmLabel, wrongText) => {
      await i18n.changeLanguage(language)
      await renderApp(undefined, { url: '/settings', user: 'student' })
      await userEvent.click(
        await screen.findByRole('button', { name: i18n.t('profile.password.open') }),
      )
      const dialog = screen.getByRole('dialog')
      const current = within(dialog).getByLabelText(currentLabel)
      await userEvent.type(current, 'Wrong1password')
      await userEvent.type(
        within(dialog).getByLabelText(i18n.t('profile.password.new')),
        'NewSecret1',
      )
      await userEvent.type(
        within(dialog).getByLabelText(i18n.t('auth.fields.confirmPassword')),
        'NewSecret1',
      )
      await userEvent.click(within(dialog).getByRole('button', { name: confirmLabel }))
      await waitFor(() => expect(current).toHaveAccessibleDescription(wrongText))
      expect(current).toHaveFocus()
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
      expect(screen.getByRole('dialog')).toBeInTheDocument()
      expect(userRow(seedIds.student).password).toBe(DEMO_PASSWORD)
    },
  )

  it("keeps the dialog open with the server's message on failure", async () => {
    server.use(
      mockEndpoint(user.updateProfile, () => errorResponse(400, ['password is too common'])),
    )
    await renderSettings()
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('Current password'), DEMO_PASSWORD)
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Password2')
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Password2')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('password is too common')
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('New password')).toHaveValue('Password2')
    expect(within(dialog).getByLabelText('Current password')).not.toBeInvalid()
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument()
    expect(userRow(seedIds.student).password).toBe(DEMO_PASSWORD)
  })
})

describe('settings: the video licence of educators (§2, §6)', () => {
  const reassign = () => screen.getByRole('button', { name: 'Reassign video licence' })
  const noReassign = () =>
    expect(screen.queryByRole('button', { name: 'Reassign video licence' })).not.toBeInTheDocument()
  const NONE =
    'No video licence is assigned to you, so you cannot add sessions. An administrator will lend you one; you will receive an e-mail when it is assigned.'
  const EXCHANGE =
    'If it stops working, reassign it: you get another free licence from the pool, this one goes back to the pool, and you receive an e-mail with the new account.'

  it('shows the current licence, and says that Reassign exchanges it', async () => {
    await renderSettings('educator')
    expect(screen.getByRole('heading', { name: 'Video licence' })).toBeInTheDocument()
    expect(screen.getByText('Current licence: Zoom (zoom-1@manabi.example)')).toBeInTheDocument()
    expect(reassign()).toBeEnabled()
    expect(reassign()).toHaveAccessibleDescription(EXCHANGE)
  })

  it('without a licence: an administrator lends one, and there is no Reassign button', async () => {
    const pool = db.users.map((row) => row.videoLicenceId)
    await renderSettings('educatorWithoutLicence')
    expect(screen.getByText(NONE)).toBeInTheDocument()
    noReassign()
    expect(screen.queryByText(EXCHANGE)).not.toBeInTheDocument()
    expect(db.users.map((row) => row.videoLicenceId)).toEqual(pool)
  })

  it('after an admin took the licence back: the same words, no button', async () => {
    userRow(seedIds.educator).videoLicenceId = null
    await renderSettings('educator')
    expect(screen.getByText(NONE)).toBeInTheDocument()
    noReassign()
  })

  it('reassigns the licence, disabled while pending, then shows the new one', async () => {
    // Holds the request, then lets the mock's own handler answer it.
    const request = holdCalls(user.reassignOwnVideoLicence)
    await renderSettings('educator')
    await userEvent.click(reassign())
    await waitFor(() => expect(reassign()).toHaveAttribute('aria-disabled', 'true'))
    await request.release()
    expect(await screen.findByText('User updated')).toBeInTheDocument()
    expect(
      await screen.findByText('Current licence: Zoom (zoom-2@manabi.example)'),
    ).toBeInTheDocument()
    expect(userRow(seedIds.educator).videoLicenceId).toBe(seedIds.licences.free[0])
    await waitFor(() => expect(reassign()).toBeEnabled())
  })

  it('says so and takes nothing when an admin took the licence back while the page was open', async () => {
    await renderSettings('educator')
    // An admin withdraws the licence after the page was read.
    userRow(seedIds.educator).videoLicenceId = null
    const pool = db.users.map((row) => row.videoLicenceId)
    await userEvent.click(reassign())
    expect(
      await screen.findByText(
        'An administrator has taken your video licence back, so there is nothing to reassign. An administrator will lend you one; you will receive an e-mail when it is assigned.',
      ),
    ).toBeInTheDocument()
    // The account is read again: the panel tells what is true now.
    expect(await screen.findByText(NONE)).toBeInTheDocument()
    noReassign()
    expect(db.users.map((row) => row.videoLicenceId)).toEqual(pool)
  })

  it("shows the server's message when no licence is free (409)", async () => {
    // Lend the two free licences to other educators: the pool is empty.
    userRow(seedIds.educatorWithoutLicence).videoLicenceId = seedIds.licences.free[0]
    userRow(seedIds.unverifiedEducator).videoLicenceId = seedIds.licences.free[1]
    await renderSettings('educator')
    await userEvent.click(reassign())
    expect(await screen.findByText(i18n.t('api.licences.noneFree'))).toBeInTheDocument()
    expect(screen.getByText('Current licence: Zoom (zoom-1@manabi.example)')).toBeInTheDocument()
    await waitFor(() => expect(reassign()).toBeEnabled())
  })

  it("falls back to 'Video licence reassignment failed' without a server message", async () => {
    server.use(
      // No message: the screen's own fallback text shows.
      mockEndpoint(user.reassignOwnVideoLicence, () =>
        HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
      ),
    )
    await renderSettings('educator')
    await userEvent.click(reassign())
    expect(await screen.findByText('Video licence reassignment failed')).toBeInTheDocument()
  })

  it('is disabled, and says why, for an educator not approved yet who holds a licence', async () => {
    userRow(seedIds.unverifiedEducator).videoLicenceId = seedIds.licences.free[0]
    await renderSettings('unverifiedEducator')
    expect(reassign()).toBeDisabled()
    expect(
      screen.getByText(
        'You can reassign your licence once an administrator has approved your account.',
      ),
    ).toBeInTheDocument()
  })

  it('offers nothing to an educator not approved yet without a licence', async () => {
    await renderSettings('unverifiedEducator')
    expect(screen.getByText(NONE)).toBeInTheDocument()
    noReassign()
    expect(screen.queryByText(/once an administrator has approved/)).not.toBeInTheDocument()
  })

  it('says the same in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/settings', user: 'educatorWithoutLicence' })
    await screen.findByRole('heading', { name: '設定', level: 1 })
    expect(
      screen.getByText(
        'ビデオライセンスが割り当てられていないため、セッションを追加できません。管理者が貸し出します。割り当てられるとメールでお知らせします。',
      ),
    ).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'ビデオライセンスを再割り当て' }),
    ).not.toBeInTheDocument()
  })
})

describe('settings: the time zone (issue 32)', () => {
  it("shows the account's zone and saves another", async () => {
    const sent = recordBodies(user.updateProfile)
    await renderSettings('educator')
    const zone = within(profileForm()).getByRole('combobox', { name: 'Your time zone' })
    expect(zone).toHaveValue('Asia/Tokyo')
    expect(zone).toHaveAccessibleDescription(/earnings are summed by the months of this zone/)
    await userEvent.type(within(profileForm()).getByRole('searchbox'), 'New York')
    await userEvent.selectOptions(zone, 'America/New_York')
    await userEvent.click(update())
    await waitFor(() => expect(userRow(seedIds.educator).timezone).toBe('America/New_York'))
    server.events.removeAllListeners()
    expect(sent).toEqual([expect.objectContaining({ timezone: 'America/New_York' })])
    expect(await screen.findByText('User updated')).toBeInTheDocument()
  })

  it("puts the server's refusal of an unknown zone in a toast, in Japanese too", async () => {
    server.use(
      mockEndpoint(user.updateProfile, () => errorResponse(400, MESSAGES.sessions.unknownTimeZone)),
    )
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: '/settings', user: 'educator' })
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'あなたのタイムゾーン' }),
      'Europe/Paris',
    )
    await userEvent.click(screen.getByRole('button', { name: '更新' }))
    expect(await screen.findByText('不明なタイムゾーンです。')).toBeInTheDocument()
    expect(userRow(seedIds.educator).timezone).toBeUndefined()
  })

  it('refuses an unknown zone in the mocks as on the server', async () => {
    const answer = await call(user.updateProfile, {
      as: seedIds.educator,
      json: { timezone: 'Mars/Olympus_Mons' },
    })
    expect(answer.status).toBe(400)
    const stored = await call(user.updateProfile, {
      as: seedIds.educator,
      json: { timezone: 'america/new_york' },
    })
    expect(stored.body).toMatchObject({ timezone: 'America/New_York' })
  })
})
