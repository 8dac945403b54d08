import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type DbPayment, nextId, seedIds } from '@/mocks/db'
import { paths } from '@/shared/config/paths'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'
import { resetSdk, resolveSdk } from '../payments/paypal-stand-in'

/**
 * Issue 27 item 1: taking, paying for or giving back a seat refreshes everything it changes
 * (the lesson's materials, its session cards, the dashboard, the payment history), on the free
 * and the paid path, without a reload.
 */

const { sessions: ids } = seedIds
const LOCKED = 'Materials are available to enrolled students'
const DAY = 24 * 60 * 60_000

const cardName = (sessionId: number) => {
  const session = db.sessions.find((row) => row.id === sessionId)!
  return `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
}
const cardOf = (sessionId: number) => screen.getByRole('article', { name: cardName(sessionId) })
/** Waits for the lesson page's card of the session (catalogue cards are articles too). */
const findCard = (sessionId: number) => screen.findByRole('article', { name: cardName(sessionId) })
const materials = () => screen.getByRole('region', { name: 'Materials' })

/** The TypeScript lesson's (free, with a link material) session that has not started. */
const typeScriptFuture = () =>
  db.sessions.find(
    (row) => row.lessonId === seedIds.toReviewLesson && Date.parse(row.start_time) > Date.now(),
  )!

/** Yuki with no seat, past or future, in the paid lesson: its materials are not hers to read. */
const yukiWithoutPaidSeats = () => {
  db.enrollments = db.enrollments.filter(
    (row) => !(row.userId === seedIds.student && row.lessonId === seedIds.paidLesson),
  )
  db.signIn(seedIds.student)
}

const openLesson = async (lessonId: number) => {
  const rendered = await renderApp(undefined, { url: paths.lesson.detail.href(lessonId) })
  await screen.findByRole('region', { name: 'Materials' })
  return rendered
}

describe('a free seat', () => {
  it('shows the materials as soon as the student enrolls, and hides them again on unenrolling', async () => {
    const user = userEvent.setup()
    // Tom has never had a seat in the TypeScript lesson.
    db.signIn(seedIds.student2)
    await openLesson(seedIds.toReviewLesson)
    expect(await within(materials()).findByText(LOCKED)).toBeVisible()

    const session = typeScriptFuture()
    await user.click(within(cardOf(session.id)).getByRole('button', { name: 'Enroll' }))
    expect(
      await within(materials()).findByRole('link', { name: /TypeScript Handbook/ }),
    ).toBeVisible()
    expect(within(materials()).queryByText(LOCKED)).not.toBeInTheDocument()

    await user.click(within(cardOf(session.id)).getByRole('button', { name: 'Unenroll' }))
    const dialog = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }))
    expect(await within(materials()).findByText(LOCKED)).toBeVisible()
    expect(within(materials()).queryByRole('link')).not.toBeInTheDocument()
  })

  it('the dashboard seen before enrolling lists the new session on the way back', async () => {
    const user = userEvent.setup()
    db.signIn(seedIds.student2)
    const { router } = await renderApp(undefined, { url: paths.home.href() })
    const upcoming = await screen.findByRole('region', { name: 'Upcoming lessons' })
    expect(upcoming).not.toHaveTextContent('TypeScript from Scratch')

    await act(() => router.navigate(paths.lesson.detail.href(seedIds.toReviewLesson)))
    const card = await findCard(typeScriptFuture().id)
    await user.click(within(card).getByRole('button', { name: 'Enroll' }))
    await screen.findByText('You are enrolled in “TypeScript from Scratch”')

    await act(() => router.navigate(paths.home.href()))
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Upcoming lessons' })).toHaveTextContent(
        'TypeScript from Scratch',
      ),
    )
  })
})

describe('a paid seat', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    resetSdk()
  })

  const pay = async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(within(cardOf(ids.futurePaid)).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pay for your seat' })
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    await user.click(within(dialog).getByRole('button', { name: 'Approve in wallet' }))
    expect(await screen.findByText('Payment successful: you are enrolled')).toBeVisible()
    return user
  }

  it('"Go to the lesson" from the payment result shows the materials and the seat', async () => {
    yukiWithoutPaidSeats()
    await openLesson(seedIds.paidLesson)
    expect(await within(materials()).findByText(LOCKED)).toBeVisible()

    const user = await pay()
    await user.click(screen.getByRole('link', { name: 'Go to the lesson' }))
    await findCard(ids.futurePaid)
    expect(
      await within(materials()).findByRole('link', { name: /NHK News Web Easy/ }),
    ).toBeVisible()
    expect(cardOf(ids.futurePaid)).toHaveTextContent('Enrolled')
  })

  it('the payment history seen before paying lists the new payment', async () => {
    yukiWithoutPaidSeats()
    const { router } = await renderApp(undefined, { url: paths.history.href() })
    const payments = await screen.findByRole('list', { name: 'Payments' })
    const before = within(payments).getAllByRole('listitem').length

    await act(() => router.navigate(paths.lesson.detail.href(seedIds.paidLesson)))
    await findCard(ids.futurePaid)
    const user = await pay()
    await user.click(screen.getByRole('link', { name: 'Payment history' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem'),
      ).toHaveLength(before + 1),
    )
  })

  it('a payment the provider settles after the result screen opened unlocks the lesson', async () => {
    yukiWithoutPaidSeats()
    const { router } = await openLesson(seedIds.paidLesson)
    expect(await within(materials()).findByText(LOCKED)).toBeVisible()
    // The wallet was approved; the capture is still being processed by the provider.
    const payment: DbPayment = {
      id: nextId(db.payments),
      userId: seedIds.student,
      lessonId: seedIds.paidLesson,
      sessionId: ids.futurePaid,
      orderId: 'ORDER-LATE',
      transactionId: null,
      status: 'processing',
      amount_in_cents: 2000,
      holdExpiresAt: new Date(Date.now() + DAY).toISOString(),
      refundReason: null,
      createdAt: new Date().toISOString(),
    }
    db.payments.push(payment)
    await act(() => router.navigate(paths.payment.result.href(payment.id)))
    expect(await screen.findByText('Your payment is being processed…')).toBeVisible()

    // The provider's webhook captures it: the student is enrolled.
    payment.status = 'success'
    payment.transactionId = 'CAPTURE-LATE'
    db.enrollments.push({
      id: nextId(db.enrollments),
      userId: seedIds.student,
      lessonId: seedIds.paidLesson,
      sessionId: ids.futurePaid,
      createdAt: new Date().toISOString(),
    })
    await act(() => vi.advanceTimersByTime(3000))
    expect(await screen.findByText('Payment successful: you are enrolled')).toBeVisible()

    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole('link', { name: 'Go to the lesson' }))
    await findCard(ids.futurePaid)
    expect(
      await within(materials()).findByRole('link', { name: /NHK News Web Easy/ }),
    ).toBeVisible()
    expect(cardOf(ids.futurePaid)).toHaveTextContent('Enrolled')
  })

  it('unenrolling from a paid seat locks the materials again and shows the refund in the history', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    // Mai's only seat in the paid lesson is the upcoming one she paid for.
    db.signIn(seedIds.student3)
    const { router } = await renderApp(undefined, { url: paths.history.href() })
    const payments = await screen.findByRole('list', { name: 'Payments' })
    expect(within(payments).getAllByRole('listitem')[0]).toHaveTextContent('Paid')

    await act(() => router.navigate(paths.lesson.detail.href(seedIds.paidLesson)))
    await findCard(ids.futurePaid)
    expect(
      await within(materials()).findByRole('link', { name: /NHK News Web Easy/ }),
    ).toBeVisible()
    await user.click(within(cardOf(ids.futurePaid)).getByRole('button', { name: 'Unenroll' }))
    const dialog = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }))
    expect(await within(materials()).findByText(LOCKED)).toBeVisible()

    await act(() => router.navigate(paths.history.href()))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Refunded'),
    )
  })
})
