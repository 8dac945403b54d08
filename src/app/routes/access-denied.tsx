import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

/** §2's access-denied page; `description` says why, when the API told (someone else's payment). */
export default function AccessDenied({ description }: { description?: string | undefined }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col items-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('errors.accessDenied.title')}</h1>
      <p className="text-slate-600">{description ?? t('errors.accessDenied.description')}</p>
      <Link to={paths.home.href()} className={buttonClass('primary')}>
        {t('common.goHome')}
      </Link>
    </section>
  )
}
