import { useTranslation } from 'react-i18next'

/** A screen's heading; screens still to come show this alone until their issue lands. */
export function ScreenTitle({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation()
  return (
    <section className="p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t(titleKey)}</h1>
    </section>
  )
}
