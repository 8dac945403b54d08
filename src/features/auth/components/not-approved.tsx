import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/** §4: an educator waits for an admin's approval before creating lessons. */
export function NotApproved() {
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-lg p-6 text-center" aria-labelledby="not-approved-title">
      <h1 id="not-approved-title" className="text-2xl font-semibold">
        {t('auth.notApproved.title')}
      </h1>
      <p className="mt-2 text-slate-600">{t('auth.notApproved.description')}</p>
      <Link to={paths.home.href()} className={buttonClass('primary', 'mt-6')}>
        {t('common.goHome')}
      </Link>
    </section>
  )
}
