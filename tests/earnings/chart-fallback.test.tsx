import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { paths } from '@/shared/config/paths'
import { renderApp } from '@tests/render-app'

// A browser that cannot draw the chart (or a chunk that failed to load) throws in its place.
vi.mock('@/shared/ui/stacked-bar-chart', () => ({
  default: () => {
    throw new Error('No canvas here')
  },
}))

describe('the earnings chart failing', () => {
  it('gives way to a note; the screen and the table of months stay', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderApp(undefined, { user: 'educator', url: paths.earnings.href() })
    expect(
      await screen.findByText(
        'The chart could not be drawn; the table below has the same figures.',
      ),
    ).toBeVisible()
    const table = screen.getByRole('table', { name: /Earnings per calendar month/ })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(screen.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()
    consoleError.mockRestore()
  })
})
