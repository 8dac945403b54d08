import { ScreenTitle } from '@/shared/ui/screen-title'

// Screens whose issues have not landed yet show their title (foundation issue, item 7).
export const PaymentResult = () => <ScreenTitle titleKey="payments.result.title" />
