import type { CurrentUser } from '@contract/index'
import { ScreenTitle } from '@/shared/ui/screen-title'

const titleKeys = {
  student: 'dashboard.student.title',
  educator: 'dashboard.educator.title',
  admin: 'dashboard.admin.title',
} as const

export default function Dashboard({ user }: { user: CurrentUser }) {
  return <ScreenTitle titleKey={titleKeys[user.role]} />
}
