import { useTranslation } from 'react-i18next'
import { env } from '@/shared/config/env'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

/**
 * An educator's account deactivated under the terms' earnings rule: since when and why, with
 * `effects` what it still may do, and the support address that can reactivate it.
 */
export function DeactivationNotice({ at, effects = false }: { at: string; effects?: boolean }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <div role="status" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">
        {t('account.deactivated.title', { date: formatDate(at, language) })}
      </p>
      <p className="mt-1 text-sm">{t('account.deactivated.why')}</p>
      {effects && <p className="mt-1 text-sm">{t('account.deactivated.effects')}</p>}
      <p className="mt-1 text-sm">
        {t('account.deactivated.support')}{' '}
        <a href={`mailto:${env.SUPPORT_EMAIL}`} className="font-medium underline">
          {env.SUPPORT_EMAIL}
        </a>
      </p>
    </div>
  )
}
