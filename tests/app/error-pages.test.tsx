import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@tests/render-app'

function Thrower({ error }: { error: unknown }): never {
  throw error
}

describe('error pages (§2)', () => {
  // React reports every thrown render error on the console; these are the point of the tests.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })

  it('shows not found for an unknown path, with a link home', async () => {
    await renderApp(undefined, { url: '/no/such/page' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(
      screen.getByText('The page you are looking for does not exist or has moved.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it('shows not found for an unknown auth path', async () => {
    await renderApp(undefined, { url: '/auth/nothing-here' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('shows not found for /lesson without an id', async () => {
    await renderApp(undefined, { url: '/lesson', user: 'student' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it("shows 'Id is missing or not valid' for a lesson id that is not a number", async () => {
    await renderApp(undefined, { url: '/lesson/abc', user: 'student' })
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText('Id is missing or not valid')).toBeVisible()
  })

  it('shows the global error with the message for any other error', async () => {
    await renderApp(<Thrower error={new Error('Database exploded')} />)
    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Database exploded')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it('shows the status text of a thrown response', async () => {
    await renderApp(
      <Thrower error={new Response('', { status: 503, statusText: 'Service Unavailable' })} />,
    )
    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument()
  })

  it('treats a thrown 404 response as not found', async () => {
    await renderApp(<Thrower error={new Response('', { status: 404, statusText: 'Not Found' })} />)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
