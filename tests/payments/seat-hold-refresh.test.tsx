import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type DbPayment, nextId, seedIds } from '@/mocks/db'
import { paths } from '@/shared/config/paths'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'
import { resetSdk, resolveSdk } from './paypal-stand-in'

/**
 * Issue 27 item 14: opening an order holds a seat, and the hold ends by capture, cancel or expiry.
 * The lesson's session cards behind the payment dialog are asked again at each of these moments,
 * so the seats they count are the server's at that moment, not those of when the page opened.
 */

const { sessions: ids } = seedIds
const MINUTE = 60_000

const futureCard = () => {
  const session = db.sessions.find((row) => row.id === ids.futurePaid)!
  const name = `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
  return screen.getByRole('article', { name })
}
const seatsLeft = () => {
  const term = within(futureCard()).getByText('Seats left')
  return term.nextElementSibling?.textContent
}

/** Tom opened an order for the same session a moment ago: his hold counts against the seats. */
const tomHolds = (holdFor: number) => {
  const payment: DbPayment = {
    id: nextId(db.payments),
    userId: seedIds.student2,
    lessonId: seedIds.paidLesson,
    sessionId: ids.futurePaid,
    orderId: 'ORDER-TOM',
    transactionId: null,
    status: 'processing',
    amount_in_cents: 2000,
    holdExpiresAt: new Date(Date.now() + holdFor).toISOString(),
    refundReason: null,
    createdAt: new Date().toISOString(),
  }
  db.payments.push(payment)
  return payment
}

/** The clock jumps `ms` ahead, then the countdown's next tick runs. */
const later = async (ms: number) => {
  vi.setSystemTime(Date.now() + ms - 1000)
  await act(() => vi.advanceTimersByTime(1000))
}

describe('the seats behind the payment dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    resetSdk()
  })

  it('are counted again when the hold starts, and again when it expires', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await renderApp(undefined, {
      user: 'student',
      url: paths.lesson.detail.href(seedIds.paidLesson),
    })
    await waitFor(() => expect(futureCard()).toBeInTheDocument())
    // Five seats, Mai has one.
    expect(seatsLeft()).toBe('4')

    await user.click(within(futureCard()).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your seat' })
    await resolveSdk()
    // Meanwhile Tom started paying for a seat too; his hold ends a minute before Yuki's.
    tomHolds(9 * MINUTE)
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    // Yuki's own hold and Tom's both count.
    await waitFor(() => expect(seatsLeft()).toBe('2'))

    // Tom's hold ends first: nothing on this page changed, so nothing is asked.
    await later(9 * MINUTE)
    expect(within(dialog).getByRole('timer')).toBeInTheDocument()
    expect(seatsLeft()).toBe('2')
    // Yuki's own hold expires: the cards are counted again, and Tom's seat is free too.
    await later(MINUTE)
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your seat hold has expired: the seat may go to someone else.',
    )
    await waitFor(() => expect(seatsLeft()).toBe('4'))
  })
})
