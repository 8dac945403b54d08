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
import { apiAssetUrl } from '@/shared/config/env'
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

  it('reads no lesson for an id that is not one, nor on other pages: only who is signed in', async () => {
    const queryClient = newClient()
    const opened = [openAt(queryClient, '/lesson/abc'), openAt(queryClient, '/terms')]
    // Once a router is initialised its loaders have run, and each read is in the cache from its
    // start: the current user's (every page asks it as the app starts), and no lesson's. (The
    // shell's layout is there too, code rather than a read: app/cached-lazy.ts.)
    await waitFor(() => {
      for (const router of opened) expect(router.state.initialized).toBe(true)
    })
    await waitFor(() =>
      expect(queryClient.getQueryState(currentUserKeys.me())?.status).toBe('success'),
    )
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey)
        .filter(([kind]) => kind !== 'component'),
    ).toEqual([currentUserKeys.me()])
    expect(requested).toEqual([pathOf(user.me)])
  })

  it("preloads the lesson's cover, the page's largest paint, once the lesson is read", async () => {
    const preloads = () => document.head.querySelectorAll('link[rel="preload"][as="image"]')
    // The page this file's other tests opened preloaded the same cover already.
    preloads().forEach((link) => link.remove())
    const queryClient = newClient()
    prefetchLesson(queryClient, lessonId)
    const lesson = await waitFor(() => {
      const read = queryClient.getQueryData<{ imageUrl?: string | null }>(
        lessonKeys.guestDetail(lessonId),
      )
      expect(read?.imageUrl).toBeTruthy()
      return read
    })
    await waitFor(() =>
      expect([...preloads()].map((link) => link.getAttribute('href'))).toEqual([
        apiAssetUrl(lesson?.imageUrl ?? ''),
      ]),
    )
    expect(preloads()[0]?.getAttribute('fetchpriority')).toBe('high')
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
