import { EmailConfirmation } from '@/features/auth/components/email-confirmation'

export default function Confirmation() {
  return <EmailConfirmation />
}
