import type { CurrentUser } from '@contract/index'
import type { QueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { cachedLazy } from '../cached-lazy'
import { StartupSkeleton } from './startup-skeleton'

const GuestLayout = cachedLazy('guest-layout', () => import('./guest-layout'))
const AuthenticatedLayout = cachedLazy(
  'authenticated-layout',
  () => import('./authenticated-layout'),
)

/**
 * Loads the layout the shell shows `user` (null: a guest). The route of `/` waits for it before
 * its first render (router.tsx), which then shows the layout at once (cachedLazy).
 */
export const preloadShellLayout = (queryClient: QueryClient, user: CurrentUser | null) =>
  (user === null ? GuestLayout : AuthenticatedLayout).preload(queryClient)

/**
 * The shell of / and its children (§2): guests get the guest layout, signed-in users the
 * navigation. A failing current-user call sends the user to login. Until the user and the layout
 * are known, the start-up skeleton index.html painted stays in place.
 */
export function AppShell() {
  const { t } = useTranslation()
  const { data: user, isPending, isError } = useUser()
  if (isPending) return <StartupSkeleton />
  if (isError) return <Navigate to={paths.auth.login.href()} replace />
  if (user === undefined)
    return <h1 className="p-6 text-2xl font-semibold">{t('errors.global.title')}</h1>
  return (
    <Suspense fallback={<StartupSkeleton />}>
      {user === null ? <GuestLayout /> : <AuthenticatedLayout user={user} />}
    </Suspense>
  )
}
