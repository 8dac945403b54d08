import type { Role } from '@contract/index'
import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { Loading } from '@/shared/ui/loading'
import { useUser } from '@/shared/auth/current-user'
import { NotApproved } from './not-approved'

type RequireAuthProps = {
  /** Roles allowed in; any signed-in user when omitted. */
  roles?: readonly Role[]
  /** Educators must be approved by an admin (lesson creation and editing). */
  requireApproval?: boolean
  /** What a guest sees instead of being sent to login. */
  guestFallback?: ReactNode
  children?: ReactNode
}

/**
 * The route guard of §4: a loading message while the user loads; guests go to login; a role not
 * allowed goes to /unauthorized; an educator not yet approved sees the not-approved message.
 */
export function RequireAuth({
  roles,
  requireApproval = false,
  guestFallback,
  children,
}: RequireAuthProps) {
  const { data: user, isPending, isError } = useUser()
  const location = useLocation()

  if (isPending) return <Loading />
  if (isError || !user) {
    if (guestFallback !== undefined && !isError) return <>{guestFallback}</>
    return <Navigate to={paths.auth.login.href()} replace state={{ from: location.pathname }} />
  }
  if (roles && !roles.includes(user.role)) {
    return <Navigate to={paths.unauthorized.href()} replace />
  }
  if (requireApproval && user.role === 'educator' && !user.isValidated) return <NotApproved />
  return <>{children ?? <Outlet />}</>
}
