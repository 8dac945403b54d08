import * as payments from '@contract/descriptors/payments'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PaymentHistory } from '@/features/payments/components/payment-history'
import { db, type DbPayment, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatDateTime } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

const showHistory = (as: number) => {
  db.signIn(as)
  return renderApp(<PaymentHistory />, { url: paths.history.href() })
}

const rows = () => within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem')

/** A payment made after every one of the demo's (they are dated relative to today). */
const newest = () => new Date(Date.now() + 60_000).toISOString()

describe('the payment history', () => {
  it('lists a refunded payment with its session, amount, day paid, status and transaction id', async () => {
    await showHistory(seedIds.student2)
    const [row] = rows()
    const payment = db.payments.find((item) => item.orderId === 'ORDER-SEED-3')!
    const session = db.sessions.find((item) => item.id === payment.sessionId)!
    expect(rows()).toHaveLength(1)
    expect(within(row!).getByRole('link', { name: 'Piano for Adults' })).toHaveAttribute(
      'href',
      paths.payment.result.href(payment.id),
    )
    expect(row).toHaveTextContent(`Session${formatDateTime(session.start_time, 'en-US')}`)
    expect(row).toHaveTextContent(`Amount$${(payment.amount_in_cents / 100).toFixed(2)}`)
    expect(row).toHaveTextContent(
      `Paid on${formatDate(payment.capturedAt ?? payment.createdAt, 'en-US')}`,
    )
    expect(row).toHaveTextContent('Refunded')
    expect(row).toHaveTextContent('Transaction idCAPTURE-SEED-3')
    expect(row).toHaveTextContent(
      'You unenrolled before the session started; you are refunded in full.',
    )
  })

  it('says a refund came from a session cancelled for too few students, in both languages', async () => {
    db.payments.push({
      ...captured(seedIds.student, 'refunded', newest()),
      refundReason: 'tooFewStudents',
    })
    await showHistory(seedIds.student)
    const [refunded, paid] = rows()
    const reason = 'The session was cancelled for too few students; you are refunded in full.'
    expect(refunded).toHaveTextContent(reason)
    expect(paid).not.toHaveTextContent('refunded in full')
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(refunded).toHaveTextContent(
      '受講者不足のためセッションが中止されました。全額返金されます。',
    )
  })

  it('labels paid, refund in progress and refunded, newest first, in both languages', async () => {
    db.payments.push(captured(seedIds.student, 'refunding', newest()))
    await showHistory(seedIds.student)
    expect(rows().map((row) => row.querySelector('span')?.textContent)).toEqual([
      'Refund in progress',
      'Paid',
    ])
    await act(() => i18n.changeLanguage('jp-JP'))
    const list = screen.getByRole('list', { name: 'お支払い' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('span')?.textContent),
    ).toEqual(['返金処理中', '支払い済み'])
  })

  it('dates a payment by its capture, not by when its order was opened', async () => {
    // Opened just before midnight (UTC, the tests' zone), captured just after.
    db.payments.push({
      ...captured(seedIds.student, 'success', '2030-02-01T23:59:20.000Z'),
      capturedAt: '2030-02-02T00:00:20.000Z',
    })
    await showHistory(seedIds.student)
    const [row] = rows()
    expect(row).toHaveTextContent(`Paid on${formatDate('2030-02-02T00:00:20.000Z', 'en-US')}`)
    expect(row).not.toHaveTextContent(formatDate('2030-02-01T23:59:20.000Z', 'en-US'))
  })

  it('shows 20 at a time and loads more on demand', async () => {
    for (let day = 1; day <= 21; day += 1) {
      db.payments.push(
        captured(
          seedIds.student,
          'success',
          `2030-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
        ),
      )
    }
    await showHistory(seedIds.student)
    expect(rows()).toHaveLength(20)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(rows()).toHaveLength(22))
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('says when there is nothing yet', async () => {
    db.payments = db.payments.filter((row) => row.userId !== seedIds.student)
    await showHistory(seedIds.student)
    expect(screen.getByText('You have not paid for a session yet.')).toBeVisible()
  })

  it('says when the list cannot load, and tries again', async () => {
    server.use(
      mockEndpoint(payments.listMyPayments, () => errorResponse(500, 'Boom'), { once: true }),
    )
    await showHistory(seedIds.student)
    expect(screen.getByRole('alert')).toHaveTextContent('Your payments could not be loaded.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })
})

/** A captured payment of the student for the paid lesson's upcoming session. */
const captured = (userId: number, status: DbPayment['status'], createdAt: string): DbPayment => ({
  id: nextId(db.payments),
  userId,
  lessonId: seedIds.paidLesson,
  sessionId: seedIds.sessions.futurePaid,
  orderId: `ORDER-${createdAt}`,
  transactionId: `CAPTURE-${createdAt}`,
  status,
  amount_in_cents: 2000,
  holdExpiresAt: null,
  refundReason: status === 'success' ? null : 'unenrolled',
  createdAt,
})
