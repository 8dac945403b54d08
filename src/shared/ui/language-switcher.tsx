import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage } from '@/shared/i18n/i18n'
import { type AppLanguage, isAppLanguage, LANGUAGES } from '@/shared/i18n/languages'
import { useLanguage } from '@/shared/i18n/use-language'

/**
 * The interface language. `onChoose` is told each choice (a signed-in user's is kept on the
 * account); `label` replaces the short one where the control says more.
 */
export function LanguageSwitcher({
  onChoose,
  label,
}: {
  onChoose?: (language: AppLanguage) => void
  label?: string
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const id = useId()
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-600">
        {label ?? t('common.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value
          if (!isAppLanguage(chosen)) return
          void changeLanguage(chosen)
          onChoose?.(chosen)
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`common.language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
