import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { Loading } from '@/shared/ui/loading'

const GuestLayout = lazy(() => import('./guest-layout'))
const AuthenticatedLayout = lazy(() => import('./authenticated-layout'))

/**
 * The shell of / and its children (§2): guests get the guest layout, signed-in users the
 * navigation. A failing current-user call sends the user to login.
 */
export function AppShell() {
  const { t } = useTranslation()
  const { data: user, isPending, isError } = useUser()
  if (isPending) return <Loading />
  if (isError) return <Navigate to={paths.auth.login.href()} replace />
  if (user === null) return <GuestLayout />
  if (!user) return <h1 className="p-6 text-2xl font-semibold">{t('errors.global.title')}</h1>
  return <AuthenticatedLayout user={user} />
}
