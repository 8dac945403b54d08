import { EarningsScreen } from '@/features/earnings/components/earnings-screen'
import { useUser } from '@/shared/auth/current-user'

/** /earnings (educators, loaded lazily): what the educator's lessons earned. */
export default function Earnings() {
  const { data: user } = useUser()
  return user ? <EarningsScreen user={user} /> : null
}
