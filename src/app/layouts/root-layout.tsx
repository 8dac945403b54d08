import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { Loading } from '@/shared/ui/loading'
import { AuthEventsListener } from '../components/auth-events-listener'

export function RootLayout() {
  return (
    <>
      <AuthEventsListener />
      <ScrollRestoration />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  )
}
