import { ScreenTitle } from '@/shared/ui/screen-title'

export default function ResetError() {
  return <ScreenTitle titleKey="auth.resetError.title" />
}
