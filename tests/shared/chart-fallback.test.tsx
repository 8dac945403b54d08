import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { paths } from '@/shared/config/paths'
import { renderApp } from '@tests/render-app'

// A browser that cannot draw the chart (or a chunk that failed to load) throws in its place.
vi.mock('@/shared/ui/stacked-bar-chart', () => ({
  default: () => {
    throw new Error('No canvas here')
  },
}))

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
})

describe('a chart failing', () => {
  it('on the earnings, gives way to a note; the screen and the table of months stay', async () => {
    await renderApp(undefined, { user: 'educator', url: paths.earnings.href() })
    expect(
      await screen.findByText(
        'The chart could not be drawn; the table below has the same figures.',
      ),
    ).toBeVisible()
    const table = screen.getByRole('table', { name: /Earnings per calendar month/ })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(screen.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()
  })

  it("on the admin's overview, gives way to a note; the figures and the table of weeks stay", async () => {
    await renderApp(undefined, { user: 'admin', url: paths.home.href() })
    expect(
      await screen.findByText(
        'The charts could not be drawn; the table below has the same figures.',
      ),
    ).toBeVisible()
    const table = screen.getByRole('table', { name: /Seats taken and payments per week/ })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    expect(screen.getByRole('link', { name: /^Sessions this week/ })).toBeVisible()
  })
})
