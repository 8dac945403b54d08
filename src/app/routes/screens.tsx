import { ScreenTitle } from '@/shared/ui/screen-title'

// Screens whose issues have not landed yet show their title (foundation issue, item 7).
export const Settings = () => <ScreenTitle titleKey="settings.title" />
export const History = () => <ScreenTitle titleKey="history.title" />
export const UpcomingLessons = () => <ScreenTitle titleKey="upcoming.title" />
export const AdminEducators = () => <ScreenTitle titleKey="admin.educators.title" />
export const PaymentResult = () => <ScreenTitle titleKey="payments.result.title" />
export const Login = () => <ScreenTitle titleKey="auth.login.title" />
export const Register = () => <ScreenTitle titleKey="auth.register.title" />
export const RegisterDone = () => <ScreenTitle titleKey="auth.confirm.title" />
export const Confirmation = () => <ScreenTitle titleKey="auth.confirmation.title" />
export const ForgotPassword = () => <ScreenTitle titleKey="auth.forgotPassword.title" />
export const ResetPassword = () => <ScreenTitle titleKey="auth.resetPassword.title" />
export const ResetConfirm = () => <ScreenTitle titleKey="auth.resetConfirm.title" />
export const ResetError = () => <ScreenTitle titleKey="auth.resetError.title" />
