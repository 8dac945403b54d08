import type { PaymentConfig } from '../../../contract/entities.ts'
import type { PaymentProvider } from './paypal.ts'

/** The payment provider and the payment settings in force, as the payments plugin sets them up. */
export interface PaymentsRuntime {
  provider: PaymentProvider
  /** How long opening a payment holds the seat. */
  holdMs: number
  /** The platform's fee per transaction, in basis points (1000 = 10 %). */
  feeBasisPoints: number
  /** What the SPA needs to load the payment SDK. */
  publicConfig: PaymentConfig
  /**
   * The payments this process is asking the provider to open an order for, right now. A payment
   * without an order that is not in here was being opened by a process that died (or another
   * instance): opening it again asks the provider again.
   */
  opening: Set<number>
}
