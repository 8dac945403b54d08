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
}
