import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import { db, seedIds } from '@/mocks/db'
import { paths } from '@/shared/config/paths'
import { call } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'

describe("the educator's side of the admin's decisions", () => {
  it('shows an educator awaiting approval the not-approved message, until approved', async () => {
    const first = await renderApp(undefined, { user: 'unverifiedEducator' })
    expect(await screen.findByRole('heading', { name: 'My lessons', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Your account is not approved yet')
    expect(screen.queryByRole('link', { name: 'Create a lesson' })).not.toBeInTheDocument()
    first.unmount()

    expect(
      (
        await call(admin.approveUser, {
          as: seedIds.admin,
          params: { id: seedIds.unverifiedEducator },
        })
      ).status,
    ).toBe(200)
    await renderApp(undefined, { user: 'unverifiedEducator' })
    await screen.findByRole('heading', { name: 'My lessons', level: 1 })
    expect(screen.queryByText('Your account is not approved yet')).not.toBeInTheDocument()
    // Approved, but no licence yet: it is told why it cannot add sessions.
    expect(screen.getByRole('status')).toHaveTextContent('No video licence yet')
    expect(screen.getByRole('status')).toHaveTextContent(
      'You cannot add sessions to your lessons until an administrator lends you a video-conference licence.',
    )
  })

  it('lets an approved educator with a licence go straight to the new-lesson form', async () => {
    await renderApp(undefined, { user: 'educator' })
    await screen.findByRole('heading', { name: 'My lessons', level: 1 })
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Create a lesson' }))
    expect(await screen.findByRole('heading', { name: 'New lesson' })).toBeInTheDocument()
  })

  it('tells an educator whose licence was removed why it cannot add sessions', async () => {
    await call(admin.removeVideoLicence, { as: seedIds.admin, params: { id: seedIds.educator } })
    expect(db.users.find((user) => user.id === seedIds.educator)?.videoLicenceId).toBeNull()
    await renderApp(undefined, { url: paths.home.href(), user: 'educator' })
    expect(await screen.findByText('No video licence yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a lesson' })).toBeInTheDocument()
  })

  it('keeps the words and the buttons in step after a take-back: only an admin lends again', async () => {
    await call(admin.removeVideoLicence, { as: seedIds.admin, params: { id: seedIds.educator } })
    const first = await renderApp(undefined, { url: paths.home.href(), user: 'educator' })
    // The dashboard's banner: an administrator lends one, and an e-mail says when.
    const banner = await screen.findByRole('status')
    expect(banner).toHaveTextContent(
      'You cannot add sessions to your lessons until an administrator lends you a video-conference licence. You will receive an e-mail when it is assigned.',
    )
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument()
    first.unmount()

    // The settings say the same, and offer no button that would take one from the pool.
    await renderApp(undefined, { url: paths.settings.href(), user: 'educator' })
    await screen.findByRole('heading', { name: 'Video licence' })
    expect(
      screen.getByText(
        'No video licence is assigned to you, so you cannot add sessions. An administrator will lend you one; you will receive an e-mail when it is assigned.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /reassign/i })).not.toBeInTheDocument()
    expect(db.users.find((user) => user.id === seedIds.educator)?.videoLicenceId).toBeNull()
  })
})
