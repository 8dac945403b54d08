import { act, renderHook, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as guest from '@contract/descriptors/guest'
import { useCategories } from '@/features/lessons/api/get-categories'
import { useGuestCategories } from '@/features/lessons/api/get-guest-categories'
import { useGuestLessons } from '@/features/lessons/api/get-guest-lessons'
import { useLesson } from '@/features/lessons/api/get-lesson'
import { lessonKeys } from '@/features/lessons/api/keys'
import { db, seedIds } from '@/mocks/db'
import { mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { createQueryWrapper } from '@tests/query-wrapper'
import { recordQueries } from '@tests/request-log'

describe('categories (§7)', () => {
  it('loads the list with Japanese titles and keeps it fresh for 60 s', async () => {
    db.signIn(seedIds.student)
    const { wrapper, queryClient } = createQueryWrapper()
    const { result } = renderHook(() => useCategories(), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data?.find((category) => category.title === 'Music')?.titleJp).toBe(
      '音楽',
    )
    expect(
      queryClient.getQueryCache().find({ queryKey: lessonKeys.categories() })?.options,
    ).toMatchObject({
      staleTime: 60_000,
    })
  })

  it("fails with 'Failed to fetch lesson categories' on an answer other than 200", async () => {
    server.use(
      mockEndpoint(categories.listCategories, () => new HttpResponse(null, { status: 204 })),
    )
    const { wrapper } = createQueryWrapper()
    const { result } = renderHook(() => useCategories(), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error?.message).toBe('Failed to fetch lesson categories')
  })
})

describe('guest categories', () => {
  it('load for a guest and stay fresh for 5 minutes', async () => {
    const { wrapper, queryClient } = createQueryWrapper()
    const { result } = renderHook(() => useGuestCategories(), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data?.length).toBeGreaterThan(0)
    expect(
      queryClient.getQueryCache().find({ queryKey: lessonKeys.guestCategories() })?.options,
    ).toMatchObject({ staleTime: 300_000 })
  })
})

describe('guest lessons paging (§7)', () => {
  it('asks for 5 newest first and stops after the first empty page', async () => {
    const requested = recordQueries(guest.guestLessons)
    const { wrapper } = createQueryWrapper()
    const { result } = renderHook(() => useGuestLessons({}), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data?.pages[0]?.data).toHaveLength(5)

    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage())
    }
    server.events.removeAllListeners()
    const pages = result.current.data?.pages ?? []
    expect(pages.at(-1)?.data).toEqual([])
    expect(pages.at(-2)?.data.length).toBeGreaterThan(0)
    expect(requested.map((params) => params.get('page'))).toEqual(
      pages.map((_, index) => String(index + 1)),
    )
    // Each page after the first starts after the last lesson of the page before.
    expect(requested.map((params) => params.get('after'))).toEqual(
      pages.map((_, index) => (index === 0 ? null : String(pages[index - 1]!.data.at(-1)!.id))),
    )
    expect(
      requested.every((params) => params.get('take') === '5' && params.get('order') === 'DESC'),
    ).toBe(true)

    const created = pages.flatMap((page) => page.data.map((lesson) => Date.parse(lesson.createdAt)))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    const ids = pages.flatMap((page) => page.data.map((lesson) => lesson.id))
    expect(ids).not.toContain(seedIds.lessonWithoutSessions)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('sends the title and category filters', async () => {
    let params: URLSearchParams | undefined
    server.events.on('request:start', ({ request }) => {
      params = new URL(request.url).searchParams
    })
    const { wrapper } = createQueryWrapper()
    const { result } = renderHook(
      () => useGuestLessons({ title: 'piano', categoryIds: String(seedIds.categories.music) }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    server.events.removeAllListeners()
    expect(params?.get('title')).toBe('piano')
    expect(params?.get('categoryIds')).toBe(String(seedIds.categories.music))
    expect(result.current.data?.pages[0]?.data.map((lesson) => lesson.title)).toEqual([
      'Piano for Adults',
    ])
  })
})

describe('lesson data', () => {
  it('is fresh for 60 s', async () => {
    db.signIn(seedIds.student)
    const { wrapper, queryClient } = createQueryWrapper()
    const { result } = renderHook(() => useLesson(seedIds.paidLesson), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data?.id).toBe(seedIds.paidLesson)
    expect(
      queryClient.getQueryCache().find({ queryKey: lessonKeys.detail(seedIds.paidLesson) })
        ?.options,
    ).toMatchObject({ staleTime: 60_000 })
  })
})
