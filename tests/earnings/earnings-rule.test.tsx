import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEFAULT_EARNINGS_MIN_JPY } from '@contract/rules'
import { db, seedIds } from '@/mocks/db'
import { earningsRuleOf } from '@/mocks/earnings'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'

const userRow = (id: number) => db.users.find((user) => user.id === id)!
const rulePanel = () => screen.findByRole('region', { name: /The earnings rule|収益ルール/ })
const deactivate = (id: number, at = '2026-11-20T03:00:00.000Z') => {
  userRow(id).deactivatedAt = at
}

describe('the earnings rule on the earnings screen (§9)', () => {
  it('shows laura how far she is from the minimum and by when, with the rate', async () => {
    const rule = earningsRuleOf(userRow(seedIds.educatorWithoutLicence))!
    expect(rule).toMatchObject({ exempt: false, met: false })
    await renderApp(undefined, { user: 'educatorWithoutLicence', url: paths.earnings.href() })
    const panel = await rulePanel()
    const remaining = `¥${(DEFAULT_EARNINGS_MIN_JPY - rule.earnedJpy).toLocaleString('en-US')}`
    const days = Math.ceil((Date.parse(rule.deadline) - Date.now()) / 86_400_000)
    expect(panel).toHaveTextContent(`${remaining} more by`)
    expect(panel).toHaveTextContent(`(${days} days left), or the account is deactivated.`)
    expect(panel).toHaveTextContent('converted at ¥150 per US$1')
    const progress = within(panel).getByRole('progressbar', { name: /This period/ })
    expect(progress).toHaveAttribute('max', String(DEFAULT_EARNINGS_MIN_JPY))
    expect(progress).toHaveAttribute('value', String(Math.max(rule.earnedJpy, 0)))
  })

  it('tells a new educator the first three months are exempt', async () => {
    expect(earningsRuleOf(userRow(seedIds.educator))).toMatchObject({ exempt: true })
    await renderApp(undefined, { user: 'educator', url: paths.earnings.href() })
    expect(await rulePanel()).toHaveTextContent(
      'Your first three months after approval are exempt.',
    )
  })

  it('reads in Japanese', async () => {
    await act(() => i18n.changeLanguage('jp-JP'))
    await renderApp(undefined, { user: 'educatorWithoutLicence', url: paths.earnings.href() })
    const panel = await rulePanel()
    expect(panel).toHaveTextContent('届かない場合、アカウントは無効化されます。')
    expect(panel).toHaveTextContent('1米ドル＝￥150で換算')
  })

  it('tells a deactivated educator why, and how to reach support, instead of the progress', async () => {
    deactivate(seedIds.educator)
    await renderApp(undefined, { user: 'educator', url: paths.earnings.href() })
    const panel = await rulePanel()
    expect(panel).toHaveTextContent('Your account was deactivated on')
    expect(within(panel).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument()
  })
})

describe('a deactivated educator on the dashboard', () => {
  it('says why, what still works and whom to write to; no new lesson is offered', async () => {
    deactivate(seedIds.educator)
    await renderApp(undefined, { user: 'educator' })
    const status = await screen.findByText(/Your account was deactivated on/)
    const notice = status.closest('[role="status"]') as HTMLElement
    expect(notice).toHaveTextContent('Students who hold seats keep them')
    expect(within(notice).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    )
    expect(screen.queryByRole('link', { name: 'Create a lesson' })).not.toBeInTheDocument()
  })
})

describe('reactivation by an admin', () => {
  it('shows the deactivation in the users list and reactivates after asking', async () => {
    deactivate(seedIds.educator)
    await renderApp(undefined, { user: 'admin', url: paths.admin.users.href() })
    const kenji = (await screen.findByRole('rowheader', { name: 'Kenji Tanaka' })).closest('tr')!
    expect(kenji).toHaveTextContent('Deactivated on')
    await userEvent.click(within(kenji).getByRole('button', { name: 'Reactivate Kenji Tanaka' }))
    const dialog = screen.getByRole('dialog', { name: 'Reactivate the account?' })
    expect(dialog).toHaveTextContent('A new three-month period of the earnings rule starts now')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivate' }))
    expect(await screen.findByText('Kenji Tanaka was reactivated')).toBeInTheDocument()
    expect(userRow(seedIds.educator).deactivatedAt).toBeNull()
    await waitFor(() =>
      expect(
        within(screen.getByRole('rowheader', { name: 'Kenji Tanaka' }).closest('tr')!).queryByRole(
          'button',
          { name: 'Reactivate Kenji Tanaka' },
        ),
      ).not.toBeInTheDocument(),
    )
  })

  it('offers no reactivation to an active educator', async () => {
    await renderApp(undefined, { user: 'admin', url: paths.admin.users.href() })
    const kenji = (await screen.findByRole('rowheader', { name: 'Kenji Tanaka' })).closest('tr')!
    expect(within(kenji).queryByRole('button', { name: /Reactivate/ })).not.toBeInTheDocument()
  })
})
