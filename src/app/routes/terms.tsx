import { useTranslation } from 'react-i18next'
import { TermsContent } from '@/shared/ui/terms-content'

/** The terms and conditions page; the registration dialog shows the same text. */
export default function Terms() {
  const { t } = useTranslation()
  return (
    <article className="mx-auto max-w-3xl p-6">
      <h1 className="mb-6 text-2xl font-semibold">{t('terms.title')}</h1>
      <TermsContent />
    </article>
  )
}
