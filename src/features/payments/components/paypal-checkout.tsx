import type { PaymentConfig } from '@contract/index'
import {
  DISPATCH_ACTION,
  PayPalButtons,
  PayPalScriptProvider,
  type PayPalButtonsComponentProps,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'

/** What the wallet buttons call back: open the order, and what became of it. */
export type CheckoutCallbacks = Required<
  Pick<PayPalButtonsComponentProps, 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>
>

/** The SDK's script options for the server's payment settings (USD, intent capture). */
export const scriptOptions = ({ clientId, environment, sdkBaseUrl }: PaymentConfig) => ({
  clientId,
  currency: 'USD',
  intent: 'capture',
  environment,
  ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
})

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
    />
  )
}

/**
 * The SDK's load states (§4): initial and pending show a spinner with a status text, rejected an
 * error with a Retry that loads the script again, resolved the wallet buttons.
 */
function CheckoutButtons(callbacks: CheckoutCallbacks) {
  const { t } = useTranslation()
  const [{ isInitial, isPending, isRejected, options }, dispatch] = usePayPalScriptReducer()
  if (isInitial || isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner />
        {t('payments.dialog.sdkLoading')}
      </p>
    )
  }
  if (isRejected) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
        <p>{t('payments.dialog.sdkFailed')}</p>
        <Button
          variant="secondary"
          onClick={() => dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options })}
        >
          {t('common.retry')}
        </Button>
      </div>
    )
  }
  return <PayPalButtons style={{ layout: 'vertical', label: 'pay' }} {...callbacks} />
}

/** Loads the payment provider's SDK with the server's settings and shows its buttons. */
export function PayPalCheckout({
  config,
  ...callbacks
}: CheckoutCallbacks & { config: PaymentConfig }) {
  return (
    <PayPalScriptProvider options={scriptOptions(config)}>
      <CheckoutButtons {...callbacks} />
    </PayPalScriptProvider>
  )
}
