import { cleanup, screen } from '@testing-library/react'
import { delay } from 'msw'
import { describe, expect, it } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as user from '@contract/descriptors/user'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { renderApp } from '@tests/render-app'
import { pathOf, recordRequestedPaths } from '@tests/request-log'

describe('route guard (§4)', () => {
  const requested = recordRequestedPaths()

  it('shows the loading message while the user loads', async () => {
    server.use(mockEndpoint(user.me, () => delay('infinite')))
    await renderApp(undefined, { url: '/settings', waitForLoad: false })
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…')
  })

  it('sends a guest to login', async () => {
    const { router } = await renderApp(undefined, { url: '/settings' })
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/login')
  })

  it('lets any signed-in user into /settings and /history', async () => {
    await renderApp(undefined, { url: '/settings', user: 'educator' })
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
  })

  it('sends a role that is not allowed to /unauthorized', async () => {
    const { router } = await renderApp(undefined, { url: '/lesson/new', user: 'student' })
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument()
    expect(screen.getByText('You are not authorized to view this page.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/unauthorized')
  })

  it.each([paths.admin.users.href(), paths.admin.licences.href()])(
    'keeps %s for admins',
    async (url) => {
      for (const role of ['educator', 'student'] as const) {
        const { router, unmount } = await renderApp(undefined, { url, user: role })
        await screen.findByRole('heading', { name: 'Unauthorized' })
        expect(router.state.location.pathname).toBe('/unauthorized')
        unmount()
      }
    },
  )

  it('lets an admin into the users list and the licence pool', async () => {
    await renderApp(undefined, { url: paths.admin.users.href(), user: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    cleanup()
    await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
    expect(
      await screen.findByRole('heading', { name: 'Video licences', level: 1 }),
    ).toBeInTheDocument()
  })

  it('shows the not-approved message to an unverified educator, with a go-home button', async () => {
    await renderApp(undefined, { url: '/lesson/new', user: 'unverifiedEducator' })
    expect(
      await screen.findByRole('heading', { name: 'Your account is not approved yet' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it('lets a verified educator create a lesson', async () => {
    await renderApp(undefined, { url: '/lesson/new', user: 'educator' })
    expect(await screen.findByRole('heading', { name: 'New lesson' })).toBeInTheDocument()
  })

  it('shows an existing lesson id as an update', async () => {
    await renderApp(undefined, { url: '/lesson/1/edit', user: 'educator' })
    expect(await screen.findByRole('heading', { name: 'Update lesson' })).toBeInTheDocument()
  })

  it('shows a guest on the edit screen the guest lesson page (§2), reading no form data', async () => {
    const { router } = await renderApp(undefined, { url: '/lesson/1/edit' })
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Conversational Japanese for Beginners',
      }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/lesson/1/edit')
    // The form's categories are an educator's read: a guest's would only be refused (401).
    expect(requested).not.toContain(pathOf(categories.listCategories))
  })

  it('reads the form’s categories once for its owner', async () => {
    await renderApp(undefined, { url: '/lesson/1/edit', user: 'educator' })
    expect(await screen.findByRole('heading', { name: 'Update lesson' })).toBeInTheDocument()
    expect(requested.filter((path) => path === pathOf(categories.listCategories))).toHaveLength(1)
  })

  it('keeps upcoming lessons for educators', async () => {
    await renderApp(undefined, { url: '/upcoming-lessons', user: 'student' })
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument()
  })

  it('sends the user to login when the current-user call fails', async () => {
    server.use(mockEndpoint(user.me, () => errorResponse(500, 'down')))
    const { router } = await renderApp(undefined, { url: '/' })
    await screen.findByRole('heading', { name: 'Log in' })
    expect(router.state.location.pathname).toBe('/auth/login')
  })
})
