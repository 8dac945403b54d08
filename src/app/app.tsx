import { RouterProvider } from 'react-router-dom'
import { createQueryClient } from '@/shared/api/query-client'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
