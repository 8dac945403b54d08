import { waitFor } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as user from '@contract/descriptors/user'
import { createRoutes } from '@/app/router'
import { dashboardKeys } from '@/features/dashboard/api/keys'
import { lessonKeys } from '@/features/lessons/api/keys'
import { db, seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { createQueryClient } from '@/shared/api/query-client'
import { currentUserKeys } from '@/shared/auth/current-user'
import { pathOf, recordQueries, recordRequestedPaths } from '@tests/request-log'

const requested = recordRequestedPaths()
const newClient = () => createQueryClient({ queries: { retry: false } })

const routers: { dispose: () => void }[] = []
afterEach(() => {
  routers.splice(0).forEach((router) => router.dispose())
  server.events.removeAllListeners()
})

/** The app's router at `url`, made as the app makes it: its loaders run, nothing renders. */
const openAt = async (url: string) => {
  const queryClient = newClient()
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] })
  routers.push(router)
  await waitFor(() => expect(router.state.initialized).toBe(true))
  return queryClient
}

/** Resolves once the query of `queryKey` has its data (a read the loaders started). */
const read = (queryClient: ReturnType<typeof newClient>, queryKey: readonly unknown[]) =>
  waitFor(() => expect(queryClient.getQueryState(queryKey)?.status).toBe('success'))

describe('the screens opened most read their data beside their code', () => {
  it('asks who is signed in as the app starts, on every page', async () => {
    const queryClient = await openAt('/auth/login')
    await read(queryClient, currentUserKeys.me())
    expect(requested).toEqual([pathOf(user.me)])
  })

  it("reads a student's upcoming lessons and waitlist for the dashboard at /", async () => {
    db.signIn(seedIds.student)
    const queryClient = await openAt('/')
    await read(queryClient, dashboardKeys.upcoming())
    await read(queryClient, dashboardKeys.waitlist())
    expect(requested).toContain(pathOf(lessons.upcomingLessons))
    expect(requested).toContain(pathOf(lessons.waitlistLessons))
    expect(requested).not.toContain(pathOf(lessons.myLessons))
  })

  it("reads the page of an educator's lessons the URL names for the dashboard", async () => {
    db.signIn(seedIds.educator)
    const queries = recordQueries(lessons.myLessons)
    const queryClient = await openAt('/?lessonsPage=2')
    await read(queryClient, lessonKeys.minePage(2))
    expect(queries.map((query) => query.get('page'))).toEqual(['2'])
    expect(requested).not.toContain(pathOf(lessons.upcomingLessons))
  })

  it("reads nothing but who it is for a guest's landing", async () => {
    const queryClient = await openAt('/')
    await read(queryClient, currentUserKeys.me())
    expect(queryClient.getQueryData(currentUserKeys.me())).toBeNull()
    expect(requested).toEqual([pathOf(user.me)])
  })

  it.each([
    ['a student', seedIds.student, ['authenticated-layout', 'dashboard']],
    ['an admin', seedIds.admin, ['authenticated-layout', 'dashboard', 'admin-dashboard']],
    ['a guest', null, ['guest-layout', 'guest-home']],
  ] as const)(
    "has the shell's layout and the home screen at hand for %s's first render of /",
    async (_who, account, components) => {
      if (account !== null) db.signIn(account)
      const queryClient = await openAt('/')
      // The router's first render waits for the loaders, which wait for both (cachedLazy).
      for (const name of components) {
        expect(queryClient.getQueryState(['component', name])?.status).toBe('success')
      }
    },
  )

  it('reads the categories and the seat rules for the lesson form', async () => {
    db.signIn(seedIds.educator)
    const queryClient = await openAt('/lesson/new')
    await read(queryClient, lessonKeys.categories())
    await read(queryClient, lessonKeys.sessionRules())
    expect(requested).toContain(pathOf(categories.listCategories))
    expect(requested).toContain(pathOf(guest.guestSessionRules))
  })
})
