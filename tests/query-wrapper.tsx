import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createQueryClient } from '@/shared/api/query-client'

/** A fresh query client without retries, for testing hooks with renderHook. */
export const createQueryWrapper = () => {
  const queryClient = createQueryClient({ queries: { retry: false } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, wrapper }
}
