import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { recordBodies } from '@tests/request-log'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'

const licenceRow = (id: number) => db.licences.find((licence) => licence.id === id)!

const renderPool = async () => {
  const result = await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
  await screen.findByRole('heading', { name: 'Video licences', level: 1 })
  await screen.findByRole('table', { name: 'Video licences' })
  return result
}

const row = (account: string) => screen.getByRole('rowheader', { name: account }).closest('tr')!
const accounts = () =>
  screen.queryAllByRole('rowheader').map((header) => header.lastElementChild?.textContent ?? '')
const form = () => screen.getByRole('form', { name: 'Add a licence' })

describe('licence pool: the list', () => {
  it('lists every licence with its provider, its holder or Free', async () => {
    await renderPool()
    expect(accounts()).toEqual(
      [...db.licences].sort((a, b) => a.id - b.id).map((licence) => licence.accountEmail),
    )
    expect(screen.getByText(`${db.licences.length} licences, 2 free`)).toBeInTheDocument()
    const kenji = within(row('zoom-1@manabi.example'))
    expect(kenji.getByText('Zoom')).toBeInTheDocument()
    expect(kenji.getByText('Kenji Tanaka (kenji@manabi.example)')).toBeInTheDocument()
    expect(kenji.queryByRole('button')).not.toBeInTheDocument()
    const free = licenceRow(seedIds.licences.free[1])
    expect(within(row(free.accountEmail)).getByText('Free')).toBeInTheDocument()
    expect(within(row(free.accountEmail)).getByText('Google Meet')).toBeInTheDocument()
  })

  it('says when the pool is empty', async () => {
    db.users.forEach((user) => (user.videoLicenceId = null))
    db.licences = []
    await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
    expect(
      await screen.findByText('The pool is empty. Add the first licence above.'),
    ).toBeInTheDocument()
  })

  it('shows an error with a retry when the pool cannot be loaded', async () => {
    server.use(
      mockEndpoint(admin.listVideoLicences, () => errorResponse(500, 'down'), { once: true }),
    )
    await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The video licences could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Video licences' })).toBeInTheDocument()
  })
})

describe('licence pool: adding a licence', () => {
  it('adds a Google Meet account, free, and empties the e-mail for the next one', async () => {
    const bodies = recordBodies(admin.addVideoLicence)
    await renderPool()
    await userEvent.selectOptions(
      within(form()).getByRole('combobox', { name: 'Provider' }),
      'Google Meet',
    )
    await userEvent.type(
      within(form()).getByRole('textbox', { name: 'Account e-mail' }),
      '  New.Room@Pool.example ',
    )
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))

    expect(await screen.findByText('new.room@pool.example was added to the pool')).toBeVisible()
    await waitFor(() => expect(accounts()).toContain('new.room@pool.example'))
    expect(within(row('new.room@pool.example')).getByText('Free')).toBeInTheDocument()
    expect(bodies).toEqual([{ provider: 'google_meet', accountEmail: 'New.Room@Pool.example' }])
    expect(within(form()).getByRole('textbox', { name: 'Account e-mail' })).toHaveValue('')
    expect(within(form()).getByRole('combobox', { name: 'Provider' })).toHaveValue('google_meet')
    server.events.removeAllListeners()
  })

  it('checks the e-mail before sending anything', async () => {
    const bodies = recordBodies(admin.addVideoLicence)
    await renderPool()
    const email = within(form()).getByRole('textbox', { name: 'Account e-mail' })
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    expect(await within(form()).findByText('Required')).toBeInTheDocument()
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Required'))
    await userEvent.type(email, 'not-an-address')
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    expect(await within(form()).findByText('Please enter a valid email address')).toBeVisible()
    await userEvent.clear(email)
    await userEvent.type(email, '   ')
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    expect(await within(form()).findByText('Required')).toBeInTheDocument()
    expect(bodies).toEqual([])
    server.events.removeAllListeners()
  })

  it('shows an account already in the pool next to its field', async () => {
    await renderPool()
    await userEvent.type(
      within(form()).getByRole('textbox', { name: 'Account e-mail' }),
      'ZOOM-1@manabi.example',
    )
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    const email = within(form()).getByRole('textbox', { name: 'Account e-mail' })
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining(i18n.t('api.licences.duplicateAccount')),
      ),
    )
    expect(email).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows any other failure above the form, and keeps what was typed', async () => {
    server.use(mockEndpoint(admin.addVideoLicence, () => errorResponse(500, 'Pool offline')))
    await renderPool()
    const email = within(form()).getByRole('textbox', { name: 'Account e-mail' })
    await userEvent.type(email, 'room@pool.example')
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Pool offline')
    expect(email).toHaveValue('room@pool.example')
  })

  it('disables Add while the call runs', async () => {
    const held = holdCalls(admin.addVideoLicence)
    await renderPool()
    await userEvent.type(
      within(form()).getByRole('textbox', { name: 'Account e-mail' }),
      'room@pool.example',
    )
    await userEvent.click(within(form()).getByRole('button', { name: 'Add licence' }))
    expect(within(form()).getByRole('button', { name: 'Add licence' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await held.release()
    await waitFor(() => expect(accounts()).toContain('room@pool.example'))
    expect(within(form()).getByRole('button', { name: 'Add licence' })).toBeEnabled()
  })
})

describe('licence pool: retiring a licence', () => {
  it('retires a free licence after asking', async () => {
    const free = licenceRow(seedIds.licences.free[0])
    await renderPool()
    await userEvent.click(screen.getByRole('button', { name: `Retire ${free.accountEmail}` }))
    const dialog = screen.getByRole('dialog', { name: 'Retire this licence?' })
    expect(dialog).toHaveTextContent(
      `${free.accountEmail} leaves the pool for good and can no longer be lent to an educator.`,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire licence' }))
    expect(await screen.findByText('The licence was retired')).toBeInTheDocument()
    await waitFor(() => expect(accounts()).not.toContain(free.accountEmail))
    expect(db.licences.some((licence) => licence.id === free.id)).toBe(false)
  })

  it('keeps the licence when the admin cancels', async () => {
    const free = licenceRow(seedIds.licences.free[0])
    await renderPool()
    await userEvent.click(screen.getByRole('button', { name: `Retire ${free.accountEmail}` }))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(db.licences.some((licence) => licence.id === free.id)).toBe(true)
  })

  it("shows the server's message when the licence was lent meanwhile", async () => {
    const free = licenceRow(seedIds.licences.free[0])
    await renderPool()
    db.users.find((user) => user.id === seedIds.educatorWithoutLicence)!.videoLicenceId = free.id
    await userEvent.click(screen.getByRole('button', { name: `Retire ${free.accountEmail}` }))
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire licence' }))
    expect(await screen.findByText(i18n.t('api.licences.held'))).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(row(free.accountEmail)).getByText('Laura Bianchi (laura@manabi.example)'),
      ).toBeInTheDocument(),
    )
  })

  it('disables both buttons of the dialog while the call runs', async () => {
    const held = holdCalls(admin.retireVideoLicence)
    const free = licenceRow(seedIds.licences.free[0])
    await renderPool()
    await userEvent.click(screen.getByRole('button', { name: `Retire ${free.accountEmail}` }))
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire licence' }))
    expect(within(dialog).getByRole('button', { name: 'Retire licence' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await held.release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

describe('licence pool in Japanese', () => {
  it('shows the list and the form in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
    await screen.findByRole('heading', { name: 'ビデオライセンス', level: 1 })
    await screen.findByRole('table', { name: 'ビデオライセンス' })
    expect(screen.getByRole('form', { name: 'ライセンスを追加' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'アカウントのメールアドレス' })).toBeInTheDocument()
    expect(screen.getAllByText('空き')).toHaveLength(2)
  })
})
