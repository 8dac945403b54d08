import { AdminOverview } from '@/features/admin/components/admin-overview'
import { AdminUsers } from '@/features/admin/components/admin-users'

/** The admin's dashboard at /: the marketplace at a glance, then the users list. */
export default function AdminDashboard() {
  return (
    <div className="flex min-w-0 flex-col">
      <AdminOverview />
      <AdminUsers headingLevel={2} />
    </div>
  )
}
