import { ScreenTitle } from '@/shared/ui/screen-title'

export default function Confirmation() {
  return <ScreenTitle titleKey="auth.confirmation.title" />
}
