import { useQuery } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Route, Routes } from 'react-router-dom'
import { toast } from 'react-toastify'
import { describe, expect, it } from 'vitest'
import Toasts from '@/app/toasts'
import { apiUrl } from '@/mocks/http'
import { server } from '@/mocks/node'
import { api } from '@/shared/api/client'
import { createQueryClient, queryDefaults } from '@/shared/api/query-client'
import { renderApp } from '@tests/render-app'

describe('query defaults (§9)', () => {
  it('are stale 5 min, cache 10 min, one retry, no refetch on focus, mount or reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions().queries
    expect(defaults).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })
    expect(queryDefaults?.queries?.retry).toBe(1)
  })

  it('a screen shown again keeps data that is only old, and asks again for data a write invalidated', async () => {
    let answers = 0
    server.use(
      http.get(apiUrl(PROBE), () => HttpResponse.json({ value: `answer ${(answers += 1)}` })),
    )
    const { queryClient, router } = await renderApp(
      <Routes>
        <Route path="/probe" element={<Probe />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { url: '/probe' },
    )
    expect(await screen.findByText('answer 1')).toBeInTheDocument()

    // Back on the screen with the data merely old (stale): no request (§9).
    await act(() => router.navigate('/elsewhere'))
    queryClient.setQueryDefaults(['probe'], { staleTime: 0 })
    await act(() => router.navigate('/probe'))
    expect(screen.getByText('answer 1')).toBeInTheDocument()
    await act(async () => {})
    expect(answers).toBe(1)

    // A write invalidated it while no screen showed it: shown again, it is asked for again.
    await act(() => router.navigate('/elsewhere'))
    await act(() => queryClient.invalidateQueries({ queryKey: ['probe'] }))
    expect(answers).toBe(1)
    await act(() => router.navigate('/probe'))
    expect(await screen.findByText('answer 2')).toBeInTheDocument()
  })
})

/**
 * Not a contract endpoint: a made-up path under the API base that only these tests answer, so the
 * query client is tested on its own, apart from any screen's call.
 */
const PROBE = '/probe'

function Probe() {
  const query = useQuery({
    queryKey: ['probe'],
    queryFn: async () => (await api.get<{ value: string }>(PROBE)).data,
  })
  return (
    <div>
      <p>{query.data?.value ?? 'none'}</p>
      <button type="button" onClick={() => void query.refetch()}>
        refetch
      </button>
    </div>
  )
}

describe('a failing background query', () => {
  it('toasts "Something went wrong: {message}" when data was already shown', async () => {
    server.use(http.get(apiUrl(PROBE), () => HttpResponse.json({ value: 'first' })))
    await renderApp(<Probe />)
    expect(await screen.findByText('first')).toBeInTheDocument()

    server.use(
      http.get(apiUrl(PROBE), () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal', message: 'Database down' },
          { status: 500 },
        ),
      ),
    )
    screen.getByRole('button', { name: 'refetch' }).click()
    expect(await screen.findByText('Something went wrong: Database down')).toBeInTheDocument()
    expect(screen.getByText('first')).toBeInTheDocument()
  })

  it('does not toast when the first load fails (the screen shows its own error)', async () => {
    server.use(
      http.get(apiUrl(PROBE), () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal', message: 'Database down' },
          { status: 500 },
        ),
      ),
    )
    const { queryClient } = await renderApp(<Probe />)
    await waitFor(() => expect(queryClient.getQueryState(['probe'])?.status).toBe('error'))
    await act(async () => {})
    expect(screen.getByText('none')).toBeInTheDocument()
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument()
  })
})

describe('the toasts', () => {
  it('show a toast raised before their container is on the page (it loads after the first paint)', async () => {
    toast.info('Raised before the container')
    expect(document.querySelector('.Toastify')).toBeNull()
    render(<Toasts />)
    expect(await screen.findByText('Raised before the container')).toBeInTheDocument()
  })
})
