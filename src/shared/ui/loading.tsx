import { useTranslation } from 'react-i18next'

/** The loading message of guards and lazy screens (§4), announced to screen readers. */
export function Loading() {
  const { t } = useTranslation()
  return (
    <p role="status" className="p-6 text-center text-slate-600">
      {t('common.loading')}
    </p>
  )
}
