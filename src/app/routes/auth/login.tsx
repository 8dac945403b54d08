import { LoginForm } from '@/features/auth/components/login-form'

export const StudentLogin = () => <LoginForm variant="student" />
export const TeacherLogin = () => <LoginForm variant="teacher" />
