import { RegisterDone as RegisterDoneScreen } from '@/features/auth/components/register-done'

export default function RegisterDone() {
  return <RegisterDoneScreen />
}
