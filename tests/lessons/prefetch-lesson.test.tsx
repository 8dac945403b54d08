import { waitFor } from '@testing-library/react'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as user from '@contract/descriptors/user'
import { createRoutes } from '@/app/router'
import { lessonKeys } from '@/features/lessons/api/keys'
import { prefetchLesson } from '@/features/lessons/api/prefetch-lesson'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { createQueryClient } from '@/shared/api/query-client'
import { currentUserKeys } from '@/shared/auth/current-user'
import { pathOf, recordRequestedPaths } from '@tests/request-log'

const requested = recordRequestedPaths()
const lessonId = seedIds.paidLesson
const newClient = () => createQueryClient({ queries: { retry: false } })

const routers: { dispose: () => void }[] = []
/** The app's router at `url`, made as the app makes it: its loaders run, nothing renders. */
const openAt = (queryClient: ReturnType<typeof newClient>, url: string) => {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] })
  routers.push(router)
  return router
}
afterEach(() => {
  routers.splice(0).forEach((router) => router.dispose())
})

describe('the lesson page reads its lesson beside its code', () => {
  it("starts a guest's lesson as soon as the route matches, before anything renders", async () => {
    const queryClient = newClient()
    openAt(queryClient, `/lesson/${lessonId}`)
    await waitFor(() =>
      expect(queryClient.getQueryData(lessonKeys.guestDetail(lessonId))).toMatchObject({
        id: lessonId,
      }),
    )
    expect(queryClient.getQueryData(currentUserKeys.me())).toBeNull()
    expect(requested).toEqual([pathOf(user.me), pathOf(guest.guestLesson, { id: lessonId })])
  })

  it("starts a signed-in user's lesson from the authenticated endpoint", async () => {
    db.signIn(seedIds.student)
    const queryClient = newClient()
    openAt(queryClient, `/lesson/${lessonId}`)
    await waitFor(() =>
      expect(queryClient.getQueryData(lessonKeys.detail(lessonId))).toMatchObject({
        id: lessonId,
      }),
    )
    expect(requested).not.toContain(pathOf(guest.guestLesson, { id: lessonId }))
    expect(requested).toContain(pathOf(lessons.getLesson, { id: lessonId }))
  })

  it('reads nothing for an id that is not one, and leaves other pages alone', async () => {
    const queryClient = newClient()
    const opened = [openAt(queryClient, '/lesson/abc'), openAt(queryClient, '/terms')]
    // Once a router is initialised its loaders have run; the lesson's loader reads after loading
    // the reading module, here already loaded, so its read has started once that import settles.
    // A read is in the cache from its start: the cache is empty, so nothing was read.
    await waitFor(() => {
      for (const router of opened) expect(router.state.initialized).toBe(true)
    })
    await import('@/features/lessons/api/prefetch-lesson')
    expect(queryClient.getQueryCache().getAll()).toEqual([])
    expect(requested).toEqual([])
  })

  it('never fails: a user or lesson that cannot be read is left to the page', async () => {
    server.use(mockEndpoint(guest.guestLesson, () => errorResponse(500, 'down')))
    const queryClient = newClient()
    prefetchLesson(queryClient, lessonId)
    await waitFor(() =>
      expect(queryClient.getQueryState(lessonKeys.guestDetail(lessonId))?.status).toBe('error'),
    )
  })
})
