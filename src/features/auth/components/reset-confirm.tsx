import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/** §9: the reset-confirm screen sends the user home after 10 seconds. */
export const RESET_CONFIRM_REDIRECT_MS = 10_000

/**
 * §2 reset-confirm/{type}: 'email' says the reset e-mail was sent, anything else that the
 * password was changed. Either way the user is taken to / (replacing history) after 10 s, or
 * can go back to login at once.
 */
export function ResetConfirm({ type }: { type: string | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const variant = type === 'email' ? 'email' : 'password'

  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(paths.home.href(), { replace: true }),
      RESET_CONFIRM_REDIRECT_MS,
    )
    return () => window.clearTimeout(timer)
    // A new type is a new screen: its 10 s start again.
  }, [navigate, variant])

  return (
    <section className="flex flex-col gap-4 p-6 sm:p-8" aria-labelledby="reset-confirm-title">
      <h1 id="reset-confirm-title" className="text-2xl font-semibold text-slate-900">
        {t(`auth.resetConfirm.${variant}.title`)}
      </h1>
      <p className="text-slate-700">{t(`auth.resetConfirm.${variant}.description`)}</p>
      <p className="text-sm text-slate-600">
        {t('auth.resetConfirm.redirectNotice', { seconds: RESET_CONFIRM_REDIRECT_MS / 1000 })}
      </p>
      <Link to={paths.auth.login.href()} className={buttonClass('primary', 'self-start')}>
        {t('auth.resetConfirm.backToLogin')}
      </Link>
    </section>
  )
}
