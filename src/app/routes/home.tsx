import { lazy } from 'react'
import { useUser } from '@/shared/auth/current-user'

// Each variant is its own chunk: a guest never downloads a dashboard.
const GuestHome = lazy(() => import('./guest-home'))
const Dashboard = lazy(() => import('./dashboard'))

/** §2: signed-in users see their dashboard at /, guests the public landing. */
export default function Home() {
  const { data: user } = useUser()
  return user ? <Dashboard user={user} /> : <GuestHome />
}
