import * as payments from '@contract/descriptors/payments'
import * as sessions from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'
import { rejectSdk, resetSdk, resolveSdk, sdkScript } from './paypal-stand-in'

const { sessions: ids } = seedIds
const MINUTE = 60_000
const TITLE = 'Conversational Japanese for Beginners'

const sessionRow = () => db.sessions.find((row) => row.id === ids.futurePaid)!
const futureCard = () => {
  const session = sessionRow()
  const name = `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
  return screen.getByRole('article', { name })
}

/** Yuki on the paid lesson's page, with the payment dialog of its upcoming session open. */
const openPayDialog = async () => {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  const rendered = await renderApp(undefined, {
    user: 'student',
    url: paths.lesson.detail.href(seedIds.paidLesson),
  })
  await waitFor(() => expect(futureCard()).toBeInTheDocument())
  await user.click(within(futureCard()).getByRole('button', { name: 'Enroll' }))
  const dialog = await screen.findByRole('dialog', { name: 'Pay for your seat' })
  return { user, dialog, ...rendered }
}

const myOpenPayment = () =>
  db.payments.find((row) => row.userId === seedIds.student && row.sessionId === ids.futurePaid)

describe('paying for a seat', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    resetSdk()
  })

  it('shows what is bought, the refund rule and the test notice before any button', async () => {
    const { dialog } = await openPayDialog()
    const session = sessionRow()
    expect(dialog).toHaveTextContent(TITLE)
    expect(dialog).toHaveTextContent(
      `${formatDate(session.start_time, 'en-US')}, ${formatTime(session.start_time)} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`,
    )
    expect(dialog).toHaveTextContent('Price$20.00')
    expect(dialog).toHaveTextContent(
      'Full refund if you unenroll before the session starts; no refund after it starts.',
    )
    expect(await within(dialog).findByText('Test payments: no money moves.')).toBeVisible()
    // The SDK is still loading: a status, no buttons, no seat held yet.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the payment options…')
    expect(within(dialog).queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument()
    expect(myOpenPayment()).toBeUndefined()

    await act(() => i18n.changeLanguage('jp-JP'))
    const japanese = screen.getByRole('dialog', { name: '席の代金を支払う' })
    expect(japanese).toHaveTextContent(
      'セッション開始前に受講を取り消せば全額返金されます。開始後は返金されません。',
    )
    expect(japanese).toHaveTextContent('テスト決済：実際にお金は動きません。')
    expect(within(japanese).getByRole('status')).toHaveTextContent(
      'お支払い方法を読み込んでいます…',
    )
  })

  it('loads the SDK with the server’s settings: USD, intent capture, sandbox, stand-in URL', async () => {
    await openPayDialog()
    const url = new URL((await sdkScript()).src)
    expect(url.pathname).toMatch(/\/paypal-standin\/sdk\/js$/)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'client-id': 'test',
      currency: 'USD',
      intent: 'capture',
    })
  })

  it('says when the SDK cannot load and loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, dialog } = await openPayDialog()
    const first = await sdkScript()
    await rejectSdk()
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('The payment options could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Loading the payment options…',
    )
    // The failed script is gone; a new one is loading.
    await waitFor(async () => expect(await sdkScript()).not.toBe(first))
    expect(first.isConnected).toBe(false)
    await resolveSdk()
    expect(await within(dialog).findByRole('button', { name: 'PayPal' })).toBeVisible()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('holds the seat with a countdown, then captures and shows the result', async () => {
    const { user, dialog, router } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    const timer = await within(dialog).findByRole('timer')
    expect(timer).toHaveTextContent(/^(10:00|09:59)$/)
    expect(myOpenPayment()).toMatchObject({ status: 'processing' })
    expect(
      within(dialog).getByText('10 minutes left to pay while your seat is held'),
    ).toBeInTheDocument()

    await act(() => vi.advanceTimersByTime(3 * MINUTE))
    expect(timer).toHaveTextContent(/^(07:00|06:59)$/)
    expect(
      within(dialog).getByText('7 minutes left to pay while your seat is held'),
    ).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Approve in wallet' }))
    const payment = myOpenPayment()!
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.payment.result.href(payment.id)),
    )
    expect(payment.status).toBe('success')
    expect(await screen.findByText('Payment successful: you are enrolled')).toBeVisible()
    expect(screen.getByText(payment.transactionId!)).toBeVisible()
    expect(
      db.enrollments.some(
        (row) => row.userId === seedIds.student && row.sessionId === ids.futurePaid,
      ),
    ).toBe(true)
  })

  it('shows what the opened order charges when the price changed since the page was read', async () => {
    const { user, dialog } = await openPayDialog()
    expect(dialog).toHaveTextContent('Price$20.00')
    // The educator halves the hourly price while the dialog is open; the page's session list is
    // not read again in time (a slow connection).
    const lesson = db.lessons.find((row) => row.id === seedIds.paidLesson)!
    lesson.price_in_cents /= 2
    server.use(mockEndpoint(sessions.listSessions, () => delay('infinite')))
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    expect(myOpenPayment()).toMatchObject({ status: 'processing', amount_in_cents: 1000 })
    expect(dialog).toHaveTextContent('Price$10.00')
  })

  it('says the hold expired, and the seat may go to someone else', async () => {
    const { user, dialog } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    const timer = await within(dialog).findByRole('timer')
    await act(() => vi.advanceTimersByTime(10 * MINUTE))
    expect(timer).not.toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your seat hold has expired: the seat may go to someone else.',
    )
  })

  it('closing the wallet cancels the payment and shows it cancelled', async () => {
    const { user, dialog, router } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    await user.click(within(dialog).getByRole('button', { name: 'Close wallet' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/payments\/\d+$/))
    expect(await screen.findByText('Payment cancelled: you have not been charged')).toBeVisible()
    expect(myOpenPayment()?.status).toBe('cancelled')
    expect(screen.getByRole('link', { name: 'Back to the lesson to try again' })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(seedIds.paidLesson),
    )
  })

  it('a wallet error after the order opened goes to the payment’s result', async () => {
    const { user, dialog, router } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    await user.click(within(dialog).getByRole('button', { name: 'Wallet fails' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.payment.result.href(myOpenPayment()!.id)),
    )
  })

  it('a wallet error before any order is a payment error toast', async () => {
    const { user, dialog } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'Wallet fails' }))
    expect(await screen.findByText('Payment error: an error occurred, try again')).toBeVisible()
    expect(screen.getByRole('dialog', { name: 'Pay for your seat' })).toBeVisible()
  })

  it('an order the server refuses is an Enrollment failed toast with its reason', async () => {
    server.use(
      mockEndpoint(payments.createOrder, () =>
        errorResponse(409, MESSAGES.enrollments.noSeatsLeft),
      ),
    )
    const { user, dialog } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    expect(
      await screen.findByText(`Enrollment failed: ${i18n.t('api.enrollments.noSeatsLeft')}`),
    ).toBeVisible()
    // Only that toast: the wallet's own error that follows is not reported twice.
    expect(
      screen.queryByText('Payment error: an error occurred, try again'),
    ).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument()
  })

  it('a capture refused because the hold expired and the seat went is told, then the result', async () => {
    const { user, dialog, router } = await openPayDialog()
    await resolveSdk()
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }))
    await within(dialog).findByRole('timer')
    // The hold ran out and the last seats went to others meanwhile.
    const payment = myOpenPayment()!
    payment.holdExpiresAt = new Date(Date.now() - 1).toISOString()
    db.lessons.find((row) => row.id === seedIds.paidLesson)!.max_slots = 1
    await user.click(within(dialog).getByRole('button', { name: 'Approve in wallet' }))
    expect(
      await screen.findByText(`Enrollment failed: ${i18n.t('api.payments.holdExpired')}`),
    ).toBeVisible()
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.payment.result.href(payment.id)),
    )
    expect(await screen.findByText('Payment cancelled: you have not been charged')).toBeVisible()
  })

  it('Close leaves the dialog without opening an order', async () => {
    const { user, dialog } = await openPayDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(myOpenPayment()).toBeUndefined()
  })
})
