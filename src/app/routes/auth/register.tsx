import { RegisterForm } from '@/features/auth/components/register-form'

export default function Register() {
  return <RegisterForm />
}
