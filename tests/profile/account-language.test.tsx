import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as user from '@contract/descriptors/user'
import { db, seedIds } from '@/mocks/db'
import { mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { currentLanguage } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { recordBodies } from '@tests/request-log'

/**
 * Issue 30, item 2: a signed-in user's language is the account's, not the browser's. Signing in
 * switches the interface to it; choosing another, in the sidebar or in the settings, keeps it on
 * the account (where its e-mails read it).
 */

const accountLanguage = (id: number) => db.users.find((row) => row.id === id)?.language

describe("the account's language", () => {
  it('is the interface’s from sign-in on, whatever the browser showed before', async () => {
    expect(currentLanguage()).toBe('en-US')
    await renderApp(undefined, { user: 'student', accountLanguage: 'jp-JP' })
    await waitFor(() => expect(currentLanguage()).toBe('jp-JP'))
    expect(document.documentElement.lang).toBe('ja')
    expect(await screen.findByRole('link', { name: 'ダッシュボード' })).toBeInTheDocument()
  })

  it('follows the sidebar’s switcher, saved on the account', async () => {
    const saved = recordBodies(user.updateProfile)
    await renderApp(undefined, { user: 'student' })
    const navigation = await screen.findByRole('navigation')
    await userEvent.selectOptions(within(navigation).getByLabelText('Language'), 'jp-JP')
    await waitFor(() => expect(accountLanguage(seedIds.student)).toBe('jp-JP'))
    expect(saved).toEqual([{ language: 'jp-JP' }])
    expect(currentLanguage()).toBe('jp-JP')
    // The saved answer does not switch it back, nor does the next reading of the account.
    await screen.findByRole('link', { name: 'ダッシュボード' })
    expect(currentLanguage()).toBe('jp-JP')
  })

  it('is chosen in the settings too, with what it governs said', async () => {
    const saved = recordBodies(user.updateProfile)
    await renderApp(undefined, { user: 'educator', url: paths.settings.href() })
    const section = await screen.findByRole('region', { name: 'Language' })
    expect(section).toHaveTextContent('The language of the interface and of the e-mails')
    await userEvent.selectOptions(
      within(section).getByLabelText('Language of the interface and e-mails'),
      'jp-JP',
    )
    await waitFor(() => expect(accountLanguage(seedIds.educator)).toBe('jp-JP'))
    expect(saved).toEqual([{ language: 'jp-JP' }])
    expect(await screen.findByRole('region', { name: '言語' })).toBeInTheDocument()
  })

  it('says so, in the chosen language, when the account could not keep the choice', async () => {
    server.use(mockEndpoint(user.updateProfile, () => HttpResponse.error()))
    await renderApp(undefined, { user: 'student' })
    const navigation = await screen.findByRole('navigation')
    await userEvent.selectOptions(within(navigation).getByLabelText('Language'), 'jp-JP')
    expect(await screen.findByText('言語をアカウントに保存できませんでした')).toBeInTheDocument()
    expect(accountLanguage(seedIds.student)).toBe('en-US')
  })
})
