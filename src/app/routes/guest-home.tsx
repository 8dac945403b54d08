import { useTranslation } from 'react-i18next'
import { LessonCatalogue } from '@/features/lessons/components/lesson-catalogue'

/** The public landing: every lesson, with search and category filter, for guests (§2). */
export default function GuestHome() {
  const { t } = useTranslation()
  return (
    <section className="p-4 sm:p-6" aria-labelledby="guest-home-title">
      <h1 id="guest-home-title" className="mb-4 text-2xl font-semibold text-slate-900">
        {t('guest.home.title')}
      </h1>
      <LessonCatalogue />
    </section>
  )
}
