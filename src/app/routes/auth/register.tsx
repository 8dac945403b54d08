import { ScreenTitle } from '@/shared/ui/screen-title'

export default function Register() {
  return <ScreenTitle titleKey="auth.register.title" />
}
