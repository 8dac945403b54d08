import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as user from '@contract/descriptors/user'
import { earningsCsv } from '@contract/earnings-csv'
import { db, seedIds } from '@/mocks/db'
import { earningsLines, earningsSummary } from '@/mocks/earnings'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { formatPrice } from '@/shared/i18n/format'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { withReference } from '@tests/server-failure'

const URL_PATH = paths.earnings.href()
const kenji = () => db.users.find((row) => row.id === seedIds.educator)!

// jsdom has no object URLs: each one made is recorded with the Blob behind it.
let blobs: Blob[]
const objectUrlMethods = ['createObjectURL', 'revokeObjectURL'] as const
const saved = objectUrlMethods.map((name) => Object.getOwnPropertyDescriptor(URL, name))
beforeEach(() => {
  blobs = []
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob)
    return `blob:earnings-${blobs.length}`
  })
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  objectUrlMethods.forEach((name, index) => {
    const descriptor = saved[index]
    if (descriptor) Object.defineProperty(URL, name, descriptor)
    else Reflect.deleteProperty(URL, name)
  })
})

const monthsTable = () => screen.getByRole('table', { name: /Earnings per calendar month/ })
const linesTable = () => screen.getByRole('table', { name: /Each payment for a seat/ })
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())

describe("the educator's earnings (issue 32)", () => {
  it('is in the educator navigation and shows the totals, the months and every line', async () => {
    await renderApp(undefined, { user: 'educator', url: paths.home.href() })
    await userEvent.click(await screen.findByRole('link', { name: 'Earnings' }))
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()
    const summary = earningsSummary(kenji())
    const lines = earningsLines(seedIds.educator)
    expect(lines.length).toBeGreaterThan(0)

    // The last three months' totals, as the API summed them.
    const totals = await screen.findByRole('region', { name: /The last three months/ })
    expect(totals).toHaveTextContent(formatPrice(summary.lastThreeMonths.grossCents, 'en-US'))
    expect(totals).toHaveTextContent(formatPrice(summary.lastThreeMonths.shareCents, 'en-US'))

    // Twelve months, newest first, each with its sums.
    const monthRows = within(monthsTable()).getAllByRole('row').slice(1)
    expect(monthRows).toHaveLength(12)
    const newest = summary.months.at(-1)!
    expect(monthRows[0]).toHaveTextContent(formatPrice(newest.shareCents, 'en-US'))

    // Every line of the first page, a refund with its reason and a negative share.
    await waitFor(() =>
      expect(within(linesTable()).getAllByRole('row').slice(1)).toHaveLength(
        Math.min(lines.length, 20),
      ),
    )
    const first = lines[0]!
    const firstRow = within(linesTable()).getAllByRole('row')[1]!
    expect(firstRow).toHaveTextContent(first.lessonTitle)
    expect(firstRow).toHaveTextContent(first.studentFirstName)
    expect(firstRow).toHaveTextContent(formatPrice(first.shareCents, 'en-US'))
    expect(within(firstRow).getByRole('link', { name: first.lessonTitle })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(first.lessonId),
    )
  })

  it('shows a refund as a negative line with its reason, and a pending one as pending', async () => {
    const payment = db.payments.find(
      (row) =>
        row.status === 'success' &&
        db.lessons.find((lesson) => lesson.id === row.lessonId)?.ownerId === seedIds.educator,
    )!
    payment.status = 'refunding'
    payment.refundReason = 'unenrolled'
    payment.refundDueAt = new Date().toISOString()
    await renderApp(undefined, { user: 'educator', url: URL_PATH })
    const refund = earningsLines(seedIds.educator).find((line) => line.kind === 'refund')!
    expect(refund.shareCents).toBeLessThan(0)
    const row = (
      await within(await screen.findByRole('table', { name: /Each payment/ })).findByText(
        /Refund: The student unenrolled \(pending at PayPal\)/,
      )
    ).closest('tr')!
    expect(row).toHaveTextContent(formatPrice(refund.shareCents, 'en-US'))
    expect(row).toHaveTextContent('-')
  })

  it('gives the chart a table alternative that passes axe', async () => {
    const { container } = await renderApp(undefined, { user: 'educator', url: URL_PATH })
    const table = await screen.findByRole('table', { name: /Earnings per calendar month/ })
    const results = await axe.run(table.closest('section')!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(results.violations).toEqual([])
    // The canvas is hidden from screen readers: the table says the same.
    for (const canvas of container.querySelectorAll('canvas')) {
      expect(canvas.closest('[aria-hidden="true"]')).not.toBeNull()
    }
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Gross', 'Platform fee', 'Your share'])
  })

  it('downloads the same lines as earnings.csv, with one byte order mark', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await renderApp(undefined, { user: 'educator', url: URL_PATH })
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    await waitFor(() => expect(blobs).toHaveLength(1))
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('earnings.csv')
    const expected = earningsCsv(earningsLines(seedIds.educator), {
      language: 'en-US',
      timeZone: 'Asia/Tokyo',
    })
    const bytes = await bytesOf(blobs[0]!)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect([...bytes.slice(3, 6)]).not.toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      expected.startsWith('\uFEFF') ? expected : `\uFEFF${expected}`,
    )
    click.mockRestore()
  })

  it('says so when the file cannot be downloaded', async () => {
    server.use(mockEndpoint(user.myEarningsCsv, () => errorResponse(500, 'Internal Server Error')))
    await renderApp(undefined, { user: 'educator', url: URL_PATH })
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect(
      await screen.findByText(withReference('The earnings file could not be downloaded.')),
    ).toBeVisible()
    expect(blobs).toHaveLength(0)
  })

  it('says so when the sums cannot be loaded, and tries again', async () => {
    server.use(
      mockEndpoint(user.myEarningsSummary, () => errorResponse(500, 'Internal Server Error')),
    )
    await renderApp(undefined, { user: 'educator', url: URL_PATH })
    expect(await screen.findByText('Your monthly earnings could not be loaded.')).toBeVisible()
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: /Earnings per calendar month/ })).toBeVisible()
  })

  it('tells an educator without payments that none came yet', async () => {
    await renderApp(undefined, { user: 'unverifiedEducator', url: URL_PATH })
    expect(
      await screen.findByText('No student has paid for a seat in your lessons yet.'),
    ).toBeVisible()
  })

  it('is an educator screen: a student is refused', async () => {
    const { router } = await renderApp(undefined, { user: 'student', url: URL_PATH })
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.unauthorized.href()))
    expect(screen.queryByRole('heading', { name: 'Earnings' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Earnings' })).not.toBeInTheDocument()
  })

  it('reads in Japanese, months and columns included', async () => {
    await act(() => i18n.changeLanguage('jp-JP'))
    await renderApp(undefined, { user: 'educator', url: URL_PATH })
    expect(await screen.findByRole('heading', { name: '収益', level: 1 })).toBeVisible()
    const table = await screen.findByRole('table', { name: /暦月ごとの収益/ })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['月', '支払額', 'プラットフォーム手数料', '受取額'])
    const newest = earningsSummary(kenji()).months.at(-1)!.month
    const [year, month] = newest.split('-').map(Number)
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`${year}年${month}月`)
    expect(screen.getByRole('button', { name: 'CSVをダウンロード' })).toBeVisible()
  })
})
