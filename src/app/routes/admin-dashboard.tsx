import { useOverview } from '@/features/admin/api/get-overview'
import { AdminOverview } from '@/features/admin/components/admin-overview'
import { AdminUsers } from '@/features/admin/components/admin-users'
import { WaitsForAbove } from '@/shared/ui/waits-for-above'

/** The admin's dashboard at /: the marketplace at a glance, then the users list. */
export default function AdminDashboard() {
  const overview = useOverview()
  return (
    <div className="flex min-w-0 flex-col">
      <AdminOverview />
      <WaitsForAbove aboveLoading={overview.isPending}>
        <AdminUsers headingLevel={2} />
      </WaitsForAbove>
    </div>
  )
}
