import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense } from 'react'
import { AppErrorBoundary } from './components/app-error-boundary'

const Toasts = lazy(() => import('./toasts'))

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}
