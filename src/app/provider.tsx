import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToastContainer } from 'react-toastify'
import { AppErrorBoundary } from './components/app-error-boundary'

/** §9: toasts top-right, closing after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000

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
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}
