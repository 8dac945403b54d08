import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/** /login: choose to sign in as a student or a teacher, or to register (§2). */
export default function Welcome() {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{t('auth.welcome.title')}</h1>
      <p className="text-slate-600">{t('auth.welcome.description')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.auth.loginStudent.href()} className={buttonClass('primary')}>
          {t('auth.welcome.asStudent')}
        </Link>
        <Link to={paths.auth.loginTeacher.href()} className={buttonClass('primary')}>
          {t('auth.welcome.asTeacher')}
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        {t('auth.welcome.noAccount')}{' '}
        <Link to={paths.auth.register.href()} className="font-medium text-brand-700 underline">
          {t('auth.welcome.register')}
        </Link>
      </p>
    </section>
  )
}
