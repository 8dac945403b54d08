import { Link } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { paths } from '@/shared/config/paths'

export function Logo() {
  const { t } = useTranslation()
  return (
    <Link
      to={paths.home.href()}
      className="text-xl font-bold tracking-tight text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      aria-label={t('common.logoLabel')}
    >
      {t('common.appName')}
    </Link>
  )
}
