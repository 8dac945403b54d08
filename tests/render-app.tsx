import { render, screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { expect } from 'vitest'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { AuthEventsListener } from '@/app/components/auth-events-listener'
import { RouteErrorPage } from '@/app/components/error-page'
import { AppProvider } from '@/app/provider'
import { createRoutes } from '@/app/router'
import { db, seedIds } from '@/mocks/db'
import { createQueryClient } from '@/shared/api/query-client'
import { currentLanguage } from '@/shared/i18n/i18n'
import type { AppLanguage } from '@/shared/i18n/languages'

/** The seeded accounts a test can sign in as; null (the default) renders a guest. */
export type TestUser =
  'student' | 'educator' | 'unverifiedEducator' | 'educatorWithoutLicence' | 'admin'

type RenderAppOptions = {
  user?: TestUser | null
  /** The first location of the memory router. */
  url?: string
  /** The route pattern `ui` is mounted at; every path when omitted. */
  path?: string
  /** Skip waiting for the loading message to go away (to test loading states). */
  waitForLoad?: boolean
  /**
   * The signed-in account's language, which the app switches to on sign-in: the language the
   * test reads in unless told (tests/setup.ts).
   */
  accountLanguage?: AppLanguage
}

/**
 * Renders `ui` (or, without it, the whole route tree of the app) with a fresh query client
 * without retries, a memory router, the real English translations and the toast container.
 */
export const renderApp = async (
  ui?: ReactElement,
  {
    user = null,
    url = '/',
    path = '/*',
    waitForLoad = true,
    accountLanguage = currentLanguage(),
  }: RenderAppOptions = {},
) => {
  if (user) {
    db.signIn(seedIds[user])
    const account = db.users.find((row) => row.id === seedIds[user])
    if (account) account.language = accountLanguage
  }
  const queryClient = createQueryClient({ queries: { retry: false } })
  const routes: RouteObject[] = ui
    ? [
        {
          path,
          element: (
            <>
              <AuthEventsListener />
              {ui}
            </>
          ),
          errorElement: <RouteErrorPage />,
        },
      ]
    : createRoutes(queryClient)
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  if (waitForLoad) {
    await waitFor(() => {
      expect(router.state.initialized).toBe(true)
      expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    })
  }
  return { ...result, router, queryClient }
}
