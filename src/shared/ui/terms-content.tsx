import { useTranslation } from 'react-i18next'

const SECTIONS = ['platform', 'payments', 'refunds', 'educators', 'conduct'] as const

/**
 * The terms and conditions text (§9: minimum educator earnings, refunds before start, platform
 * fee), shown by the terms page and by the registration form's terms dialog. `headingLevel` keeps
 * the outline right in both: sections are h2 under the page's h1, h3 under the dialog's h2.
 */
export function TermsContent({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      {SECTIONS.map((section) => (
        <section key={section} className="mt-6 first:mt-0">
          <Heading className="text-lg font-semibold">
            {t(`terms.sections.${section}.title`)}
          </Heading>
          <p className="mt-2 text-slate-700">{t(`terms.sections.${section}.body`)}</p>
        </section>
      ))}
    </>
  )
}
