import { useTranslation } from 'react-i18next'

const SECTIONS = ['platform', 'payments', 'refunds', 'educators', 'conduct'] as const

/** The terms and conditions (§9: minimum educator earnings, refunds before start, platform fee). */
export default function Terms() {
  const { t } = useTranslation()
  return (
    <article className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{t('terms.title')}</h1>
      {SECTIONS.map((section) => (
        <section key={section} className="mt-6">
          <h2 className="text-lg font-semibold">{t(`terms.sections.${section}.title`)}</h2>
          <p className="mt-2 text-slate-700">{t(`terms.sections.${section}.body`)}</p>
        </section>
      ))}
    </article>
  )
}
