import { ScreenTitle } from '@/shared/ui/screen-title'

export default function ResetPassword() {
  return <ScreenTitle titleKey="auth.resetPassword.title" />
}
