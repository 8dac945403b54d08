import * as payments from '@contract/descriptors/payments'
import type { PaymentStatus, RefundReason } from '@contract/entities'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db, type DbPayment, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const TITLE = 'Conversational Japanese for Beginners'

/** One of Yuki's payments for the paid lesson's upcoming session. */
const yukiPays = (status: PaymentStatus, extra: Partial<DbPayment> = {}) => {
  const payment: DbPayment = {
    id: nextId(db.payments),
    userId: seedIds.student,
    lessonId: seedIds.paidLesson,
    sessionId: seedIds.sessions.futurePaid,
    orderId: 'ORDER-RESULT',
    transactionId: status === 'processing' || status === 'cancelled' ? null : 'CAPTURE-RESULT',
    status,
    amount_in_cents: 2000,
    holdExpiresAt:
      status === 'processing' ? new Date(Date.now() + 10 * 60_000).toISOString() : null,
    refundReason: null,
    createdAt: new Date().toISOString(),
    ...extra,
  }
  db.payments.push(payment)
  return payment
}

const showResult = (id: number | string) =>
  renderApp(undefined, { user: 'student', url: paths.payment.result.href(id) })

const status = () => screen.getByRole('status')

describe('the payment result screen', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('success: the transaction id, the lesson, amount, and links to the lesson and history', async () => {
    await showResult(seedIds.payment)
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible()
    expect(status()).toHaveTextContent('Payment successful: you are enrolled')
    expect(status()).toHaveTextContent('Transaction id: CAPTURE-SEED-1')
    expect(screen.getByText(TITLE)).toBeVisible()
    expect(screen.getByText('$20.00')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to the lesson' })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(seedIds.paidLesson),
    )
    expect(screen.getByRole('link', { name: 'Payment history' })).toHaveAttribute(
      'href',
      paths.history.href(),
    )
  })

  it('cancelled: not charged, with the way back to try again', async () => {
    await showResult(yukiPays('cancelled').id)
    expect(status()).toHaveTextContent('Payment cancelled: you have not been charged')
    expect(status()).not.toHaveTextContent('Transaction id')
    expect(screen.getByRole('link', { name: 'Back to the lesson to try again' })).toBeVisible()
  })

  it('error: the §8 message as an alert, with the way back to the lesson', async () => {
    await showResult(yukiPays('error', { transactionId: null }).id)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Payment error: an error occurred, try again',
    )
    expect(screen.getByRole('link', { name: 'Back to the lesson to try again' })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(seedIds.paidLesson),
    )
  })

  it('processing: asks again every few seconds until the payment settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const payment = yukiPays('processing')
    await showResult(payment.id)
    expect(status()).toHaveTextContent('Your payment is being processed…')
    payment.status = 'success'
    payment.transactionId = 'CAPTURE-LATE'
    await act(() => vi.advanceTimersByTime(3000))
    await waitFor(() => expect(status()).toHaveTextContent('Transaction id: CAPTURE-LATE'))
  })

  it('processing past its hold: says the hold ran out and nothing was charged, stops asking, offers to pay again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const payment = yukiPays('processing', {
      holdExpiresAt: new Date(Date.now() + 5000).toISOString(),
    })
    let reads = 0
    const count = ({ request }: { request: Request }) => {
      if (isCallOf(payments.getPayment, request)) reads += 1
    }
    server.events.on('request:start', count)
    await showResult(payment.id)
    expect(status()).toHaveTextContent('Your payment is being processed…')
    // At the instant the hold ends.
    await act(() => vi.advanceTimersByTime(5000))
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Your seat’s hold ran out before the payment was completed',
      ),
    )
    expect(status()).toHaveTextContent('You have not been charged.')
    expect(screen.getByRole('link', { name: 'Back to the lesson to try again' })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(seedIds.paidLesson),
    )
    const asked = reads
    await act(() => vi.advanceTimersByTime(30_000))
    expect(reads).toBe(asked)
    server.events.removeListener('request:start', count)
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(status()).toHaveTextContent('お支払いが完了する前に席の確保期間が終了しました')
  })

  it.each<[RefundReason, string]>([
    ['seatTaken', 'The seat was taken while you paid; you have been refunded in full.'],
    ['unenrolled', 'You unenrolled before the session started; you are refunded in full.'],
    ['sessionCancelled', 'The educator cancelled the session; you are refunded in full.'],
    ['provider', 'The payment was refunded through the payment provider.'],
  ])('refunded (%s): says why', async (refundReason, why) => {
    await showResult(yukiPays('refunded', { refundReason }).id)
    expect(status()).toHaveTextContent('Your payment has been refunded')
    expect(status()).toHaveTextContent(why)
  })

  it('refunding: the refund is on its way, with its reason; in Japanese too', async () => {
    await showResult(yukiPays('refunding', { refundReason: 'seatTaken' }).id)
    expect(status()).toHaveTextContent('Your refund is on its way')
    expect(status()).toHaveTextContent('The seat was taken while you paid')
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('heading', { level: 1, name: 'お支払い' })).toBeVisible()
    expect(status()).toHaveTextContent('返金を処理しています')
    expect(status()).toHaveTextContent('お支払い中に席が埋まりました。全額返金されました。')
  })

  it('a session deleted since is named as cancelled', async () => {
    const payment = yukiPays('refunded', { refundReason: 'sessionCancelled' })
    db.sessions = db.sessions.filter((row) => row.id !== payment.sessionId)
    await showResult(payment.id)
    expect(screen.getByText('Session cancelled')).toBeVisible()
  })

  it('an id that is not a number says so; an unknown one is the not-found page', async () => {
    const { unmount } = await showResult('abc')
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(screen.getByText('The payment id is missing or not valid')).toBeVisible()
    unmount()
    await showResult(999)
    expect(await screen.findByText(/page not found/i)).toBeVisible()
  })

  it('someone else’s payment says so, with the way home and no retry; in Japanese too', async () => {
    const theirs = yukiPays('success', { userId: seedIds.student2 })
    const { unmount } = await showResult(theirs.id)
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible()
    expect(screen.getByText('This payment belongs to someone else.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go home' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    unmount()
    await act(() => i18n.changeLanguage('jp-JP'))
    await showResult(theirs.id)
    expect(await screen.findByText('この支払いは別のユーザーのものです。')).toBeVisible()
  })

  it('another failure can be retried', async () => {
    server.use(mockEndpoint(payments.getPayment, () => errorResponse(500, 'Boom'), { once: true }))
    await showResult(seedIds.payment)
    expect(screen.getByRole('alert')).toHaveTextContent('The payment could not be loaded')
    screen.getByRole('button', { name: 'Try again' }).click()
    expect(await screen.findByText('Payment successful: you are enrolled')).toBeVisible()
  })
})
