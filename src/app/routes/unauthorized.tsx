import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { Button } from '@/shared/ui/button'

/** §2: title, message and a go-back-home button that replaces history with /. */
export default function Unauthorized() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className="flex flex-col items-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('errors.unauthorized.title')}</h1>
      <p className="text-slate-600">{t('errors.unauthorized.description')}</p>
      <Button onClick={() => void navigate(paths.home.href(), { replace: true })}>
        {t('common.goBackHome')}
      </Button>
    </section>
  )
}
