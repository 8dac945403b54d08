import { ScreenTitle } from '@/shared/ui/screen-title'

export default function ResetConfirm() {
  return <ScreenTitle titleKey="auth.resetConfirm.title" />
}
