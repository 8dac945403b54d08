import { waitFor } from '@testing-library/react'

/**
 * jsdom loads no external script: this stands in for the payment provider's SDK. The real
 * `@paypal/react-paypal-js` inserts its `<script>`; the test then decides how that load ends
 * (`resolveSdk` installs a fake `window.paypal` and fires `load`, `rejectSdk` fires `error`) or
 * leaves it pending. The fake wallet renders plain buttons that call the callbacks the app gave
 * `PayPalButtons`, in the order the real wallet does.
 */

interface ButtonsOptions {
  createOrder?: () => Promise<string>
  onApprove?: (data: { orderID: string }) => Promise<void> | void
  onCancel?: (data: { orderID: string }) => Promise<void> | void
  onError?: (error: Error) => void
}

/** The SDK's global, typed by the SDK as its own: the stand-in is only part of it. */
const globals = () => window as unknown as Record<string, unknown>

const sdkScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')].filter((script) =>
    script.src.includes('/paypal-standin/sdk/js'),
  )

/** The SDK script the provider inserted (the newest, after a retry). */
export const sdkScript = async () => {
  let script: HTMLScriptElement | undefined
  await waitFor(() => {
    script = sdkScripts().at(-1)
    if (!script) throw new Error('The SDK script was not inserted')
  })
  return script!
}

const button = (label: string, onClick: () => void) => {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  element.addEventListener('click', onClick)
  return element
}

/** A wallet: "PayPal" opens the order; then approve, close the wallet, or fail. */
const fakePayPal = {
  Buttons: (options: ButtonsOptions) => {
    let orderID: string | null = null
    const report = (error: unknown) =>
      options.onError?.(error instanceof Error ? error : new Error(String(error)))
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render: (container: HTMLElement) => {
        container.append(
          button('PayPal', () => {
            options.createOrder?.().then((id) => (orderID = id), report)
          }),
          button('Approve in wallet', () => {
            if (orderID) void options.onApprove?.({ orderID })
          }),
          button('Close wallet', () => {
            if (orderID) void options.onCancel?.({ orderID })
          }),
          button('Wallet fails', () => report(new Error('Wallet failure'))),
        )
        return Promise.resolve()
      },
    }
  },
}

/** The SDK loads: `window.paypal` is the fake wallet. */
export const resolveSdk = async () => {
  const script = await sdkScript()
  globals().paypal = fakePayPal
  script.dispatchEvent(new Event('load'))
}

/** The SDK's script fails to load (blocked, offline). */
export const rejectSdk = async () => {
  const script = await sdkScript()
  script.dispatchEvent(new Event('error'))
}

/** Forgets every SDK script and the global, so the next test loads from scratch. */
export const resetSdk = () => {
  for (const script of sdkScripts()) script.remove()
  Reflect.deleteProperty(globals(), 'paypal')
}
