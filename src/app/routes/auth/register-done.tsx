import { ScreenTitle } from '@/shared/ui/screen-title'

export default function RegisterDone() {
  return <ScreenTitle titleKey="auth.confirm.title" />
}
