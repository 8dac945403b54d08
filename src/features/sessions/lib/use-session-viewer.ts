import { useUser } from '@/shared/auth/current-user'
import type { SessionViewer } from '../components/use-session-actions'

/** Who looks at a lesson's sessions: a guest, a student (who may enroll) or staff. */
export const useSessionViewer = (): SessionViewer => {
  const { data: user } = useUser()
  return !user ? 'guest' : user.role === 'student' ? 'student' : 'staff'
}
