import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/** /auth/confirm, shown after registering (§2): title, description and back-to-login button. */
export function RegisterDone() {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col items-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('auth.confirm.title')}</h1>
      <p className="text-slate-700">{t('auth.confirm.description')}</p>
      <Link to={paths.auth.login.href()} className={buttonClass('primary')}>
        {t('auth.confirm.backToLogin')}
      </Link>
    </section>
  )
}
