import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp, type TestUser } from '@tests/render-app'

/**
 * An id in the address that is no id is the finished not-found page (title, text, home link),
 * telling that the id is missing or not valid (§2, §8), like an id that names nothing.
 */
const expectInvalidIdPage = async (text: string) => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  expect(screen.getByText(text)).toBeVisible()
  expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  // No bare error line instead of the page.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
}

describe('a route whose id is not valid', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })

  it.each<[string, TestUser | null]>([
    ['/lesson/abc', null],
    ['/lesson/abc', 'student'],
    ['/lesson/0', 'educator'],
    ['/lesson/1.5', 'admin'],
    ['/lesson/-3', 'student'],
    ['/lesson/99999999999999999999', null],
    // Past what an id column holds: no lesson has it, and the API is not asked.
    ['/lesson/2147483648', 'student'],
    ['/lesson/abc/edit', 'educator'],
    ['/lesson/abc/edit', null],
    ['/lesson/1e3/edit', 'educator'],
  ])('%s (as %s) shows the not-found page with the lesson id message', async (url, user) => {
    await renderApp(undefined, { url, user })
    await expectInvalidIdPage('Id is missing or not valid')
  })

  it.each(['/payments/abc', '/payments/0', '/payments/12x', '/payments/2147483648'])(
    '%s shows the not-found page with the payment id message',
    async (url) => {
      await renderApp(undefined, { url, user: 'student' })
      await expectInvalidIdPage('The payment id is missing or not valid')
    },
  )

  it('says it in Japanese too', async () => {
    await renderApp(undefined, { url: '/lesson/abc', user: 'student' })
    // The signed-in layout first switches to the account's language (English here); switching
    // before it has mounted would be undone by it.
    await expectInvalidIdPage('Id is missing or not valid')
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeVisible()
    expect(screen.getByText('IDがないか、正しくありません')).toBeVisible()
    expect(screen.getByRole('link', { name: 'ホームへ' })).toHaveAttribute('href', '/')
  })
})
