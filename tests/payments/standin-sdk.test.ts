import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STANDIN_SDK_SCRIPT } from '../../server/src/payments/standin-sdk.ts'

/**
 * The built-in PayPal stand-in's button script (what the server serves without PayPal
 * credentials), run as the browser runs it. Its pay button says it is working only while an
 * order is being opened or an approval is being sent; while the checkout panel is open below it,
 * it says so instead (issue 27 item 14: it kept saying "Contacting PayPal…").
 */

interface StandInButtons {
  render: (container: HTMLElement) => Promise<void>
}
interface StandInOptions {
  createOrder: () => Promise<string>
  onApprove: (data: { orderID: string }) => Promise<void>
  onCancel: (data: { orderID: string }) => void
  onError: (error: Error) => void
}
type StandIn = { Buttons: (options: StandInOptions) => StandInButtons }

/** A promise and the functions that settle it, for callbacks the test answers when it chooses. */
const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

const globals = () => window as unknown as Record<string, unknown>

/** Runs the served script in the page (in `lang`), as its <script> element would. */
const loadStandIn = (lang = 'en') => {
  document.documentElement.lang = lang
  // The script is the server's own text, evaluated as the browser does with a <script>.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(STANDIN_SDK_SCRIPT) as () => void
  run()
  return globals().paypal as StandIn
}

const renderButtons = async (options: Partial<StandInOptions>, lang?: string) => {
  const callbacks: StandInOptions = {
    createOrder: vi.fn(() => Promise.resolve('ORDER-1')),
    onApprove: vi.fn(() => Promise.resolve()),
    onCancel: vi.fn(),
    onError: vi.fn(),
    ...options,
  }
  const container = document.createElement('div')
  document.body.append(container)
  await loadStandIn(lang).Buttons(callbacks).render(container)
  return { callbacks, container }
}

const payButton = () => screen.getAllByRole('button')[0]!

afterEach(() => {
  document.body.textContent = ''
  document.documentElement.lang = 'en'
  Reflect.deleteProperty(globals(), 'paypal')
  vi.unstubAllGlobals()
})

describe('the PayPal stand-in’s pay button', () => {
  it('works while the order opens, then says the checkout is open below it, not still working', async () => {
    const user = userEvent.setup()
    const order = deferred<string>()
    await renderButtons({ createOrder: () => order.promise })
    expect(payButton()).toHaveTextContent('Pay with PayPal (test)')
    expect(payButton()).toBeEnabled()

    await user.click(payButton())
    expect(payButton()).toHaveTextContent('Contacting PayPal…')
    expect(payButton()).toHaveAttribute('aria-busy', 'true')
    expect(payButton()).toBeDisabled()

    order.resolve('ORDER-7')
    const checkout = await screen.findByRole('group', { name: 'PayPal test checkout' })
    expect(payButton()).not.toHaveTextContent('Contacting PayPal…')
    expect(payButton()).toHaveTextContent('Checkout open below')
    expect(payButton()).toHaveAttribute('aria-busy', 'false')
    // One checkout at a time: the pay button does not open a second one.
    expect(payButton()).toBeDisabled()
    expect(within(checkout).getByRole('button', { name: 'Approve test payment' })).toHaveFocus()
  })

  it('is the pay button again once the buyer cancels the checkout', async () => {
    const user = userEvent.setup()
    const { callbacks } = await renderButtons({})
    await user.click(payButton())
    const checkout = await screen.findByRole('group', { name: 'PayPal test checkout' })
    await user.click(within(checkout).getByRole('button', { name: 'Cancel' }))
    expect(checkout).not.toBeInTheDocument()
    expect(callbacks.onCancel).toHaveBeenCalledWith({ orderID: 'ORDER-1' })
    expect(payButton()).toHaveTextContent('Pay with PayPal (test)')
    expect(payButton()).toBeEnabled()
  })

  it('works while the approval and the capture run, and is the pay button when they end', async () => {
    const user = userEvent.setup()
    const approval = deferred<Response>()
    const fetch = vi.fn(() => approval.promise)
    vi.stubGlobal('fetch', fetch)
    const capture = deferred<undefined>()
    const { callbacks } = await renderButtons({ onApprove: vi.fn(() => capture.promise) })
    await user.click(payButton())
    const checkout = await screen.findByRole('group', { name: 'PayPal test checkout' })
    await user.click(within(checkout).getByRole('button', { name: 'Approve test payment' }))
    expect(fetch).toHaveBeenCalledWith(
      '/v2/checkout/orders/ORDER-1/approve',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(payButton()).toHaveTextContent('Contacting PayPal…')

    approval.resolve(new Response('{}', { status: 200 }))
    await waitFor(() => expect(callbacks.onApprove).toHaveBeenCalled())
    expect(checkout).not.toBeInTheDocument()
    expect(payButton()).toHaveTextContent('Contacting PayPal…')
    capture.resolve(undefined)
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay with PayPal (test)'))
    expect(payButton()).toBeEnabled()
  })

  it('a refused approval closes the checkout and reports the error', async () => {
    const user = userEvent.setup()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    )
    const { callbacks } = await renderButtons({})
    await user.click(payButton())
    const checkout = await screen.findByRole('group', { name: 'PayPal test checkout' })
    await user.click(within(checkout).getByRole('button', { name: 'Approve test payment' }))
    await waitFor(() => expect(callbacks.onError).toHaveBeenCalled())
    expect(checkout).not.toBeInTheDocument()
    expect(callbacks.onApprove).not.toHaveBeenCalled()
    expect(payButton()).toHaveTextContent('Pay with PayPal (test)')
  })

  it('an order that cannot be opened is the pay button again, and the error is reported', async () => {
    const user = userEvent.setup()
    const { callbacks } = await renderButtons({
      createOrder: () => Promise.reject(new Error('No seats left')),
    })
    await user.click(payButton())
    await waitFor(() => expect(callbacks.onError).toHaveBeenCalled())
    expect(payButton()).toHaveTextContent('Pay with PayPal (test)')
    expect(payButton()).toBeEnabled()
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
  })

  it('speaks Japanese on a Japanese page', async () => {
    const user = userEvent.setup()
    const order = deferred<string>()
    await renderButtons({ createOrder: () => order.promise }, 'jp-JP')
    expect(payButton()).toHaveTextContent('PayPal で支払う（テスト）')
    await user.click(payButton())
    expect(payButton()).toHaveTextContent('PayPal に接続しています…')
    order.resolve('ORDER-8')
    await screen.findByRole('group', { name: 'PayPal テスト決済' })
    expect(payButton()).toHaveTextContent('下の決済画面で続けてください')
  })
})
