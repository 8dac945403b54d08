import type { CurrentUser } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { StudentDashboard } from '@/features/dashboard/components/student-dashboard'
import { MY_LESSONS_PAGE_PARAM, useMyLessons } from '@/features/lessons/api/get-my-lessons'
import { LessonCatalogue } from '@/features/lessons/components/lesson-catalogue'
import { MyLessons } from '@/features/lessons/components/my-lessons'
import { EducatorStatus } from '@/features/profile/components/educator-status'
import { LatestReviews } from '@/features/reviews/components/latest-reviews'
import { usePageParam } from '@/shared/lib/use-page-param'
import { WaitsForAbove } from '@/shared/ui/waits-for-above'
import { AdminDashboard } from './home'

/**
 * §2: students get their dashboard, admins the overview and the users list, educators their
 * account's state, their lessons and the latest reviews of them.
 */
export default function Dashboard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  if (user.role === 'student') {
    return <StudentDashboard catalogue={<LessonCatalogue cardHeadingLevel={3} />} />
  }
  if (user.role === 'admin') return <AdminDashboard />
  return (
    <section aria-labelledby="educator-dashboard-title" className="flex flex-col gap-8 p-4 sm:p-6">
      <div className="flex flex-col gap-4">
        <h1 id="educator-dashboard-title" className="text-2xl font-semibold text-slate-900">
          {t('dashboard.educator.title')}
        </h1>
        <EducatorStatus user={user} />
      </div>
      <MyLessons canEdit={user.isValidated} />
      <ReviewsBelowLessons educatorId={user.id} />
    </section>
  )
}

/** The latest reviews, shown once the educator's lessons above them are (the same query). */
function ReviewsBelowLessons({ educatorId }: { educatorId: number }) {
  const [page] = usePageParam(MY_LESSONS_PAGE_PARAM)
  const lessons = useMyLessons(page)
  return (
    <WaitsForAbove aboveLoading={lessons.isPending}>
      <LatestReviews educatorId={educatorId} />
    </WaitsForAbove>
  )
}
