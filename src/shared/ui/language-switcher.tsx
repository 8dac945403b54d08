import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage } from '@/shared/i18n/i18n'
import { isAppLanguage, LANGUAGES } from '@/shared/i18n/languages'
import { useLanguage } from '@/shared/i18n/use-language'

export function LanguageSwitcher() {
  const { t } = useTranslation()
  const language = useLanguage()
  const id = useId()
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-600">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isAppLanguage(event.target.value)) void changeLanguage(event.target.value)
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
