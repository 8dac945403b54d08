import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/**
 * §2 reset-error/{email|password}: the reset failed (sending the e-mail, or setting the
 * password), and a button leads back to forgot-password to start again.
 */
export function ResetError({ type }: { type: string | undefined }) {
  const { t } = useTranslation()
  const variant = type === 'email' ? 'email' : 'password'
  return (
    <section className="flex flex-col gap-4 p-6 sm:p-8" aria-labelledby="reset-error-title">
      <h1 id="reset-error-title" className="text-2xl font-semibold text-slate-900">
        {t('auth.resetError.title')}
      </h1>
      <p className="text-slate-700">{t(`auth.resetError.${variant}`)}</p>
      <Link to={paths.auth.forgotPassword.href()} className={buttonClass('primary', 'self-start')}>
        {t('auth.resetError.backToForgotPassword')}
      </Link>
    </section>
  )
}
