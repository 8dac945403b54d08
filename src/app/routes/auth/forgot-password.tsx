import { ScreenTitle } from '@/shared/ui/screen-title'

export default function ForgotPassword() {
  return <ScreenTitle titleKey="auth.forgotPassword.title" />
}
