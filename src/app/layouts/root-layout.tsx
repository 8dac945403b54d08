import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { Loading } from '@/shared/ui/loading'
import { AuthEventsListener } from '../components/auth-events-listener'
import { RouteFocus } from '../components/route-focus'

export function RootLayout() {
  return (
    <>
      <AuthEventsListener />
      <ScrollRestoration />
      <RouteFocus />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  )
}
