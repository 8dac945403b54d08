import type { CurrentUser } from '@contract/index'
import { StudentDashboard } from '@/features/dashboard/components/student-dashboard'
import { LessonCatalogue } from '@/features/lessons/components/lesson-catalogue'
import { ScreenTitle } from '@/shared/ui/screen-title'

const titleKeys = {
  educator: 'dashboard.educator.title',
  admin: 'dashboard.admin.title',
} as const

/** §2: students get their dashboard; educators' and admins' screens arrive with their issues. */
export default function Dashboard({ user }: { user: CurrentUser }) {
  if (user.role === 'student') {
    return <StudentDashboard catalogue={<LessonCatalogue cardHeadingLevel={3} />} />
  }
  return <ScreenTitle titleKey={titleKeys[user.role]} />
}
