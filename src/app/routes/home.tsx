import { Suspense } from 'react'
import { useUser } from '@/shared/auth/current-user'
import { Loading } from '@/shared/ui/loading'
import { cachedLazy } from '../cached-lazy'
import { LandingSkeleton } from '../layouts/startup-skeleton'

// Each variant is its own chunk: a guest never downloads a dashboard. The route's loader loads
// the one it shows before its first render (prefetch-screens.ts).
export const GuestHome = cachedLazy('guest-home', () => import('./guest-home'))
export const Dashboard = cachedLazy('dashboard', () => import('./dashboard'))
// The admin's dashboard (the overview above the users list), shown by Dashboard, is a chunk of its
// own: no student downloads it. Named here, the loader of `/` loads it beside Dashboard's.
export const AdminDashboard = cachedLazy('admin-dashboard', () => import('./admin-dashboard'))

/** §2: signed-in users see their dashboard at /, guests the public landing. */
export default function Home() {
  const { data: user } = useUser()
  if (user) {
    return (
      <Suspense fallback={<Loading />}>
        <Dashboard user={user} />
      </Suspense>
    )
  }
  // The landing's own shape while its chunk loads, inside the shell that is already there.
  return (
    <Suspense fallback={<LandingSkeleton />}>
      <GuestHome />
    </Suspense>
  )
}
