import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@tests/render-app'

describe('/unauthorized', () => {
  it('goes back home replacing the history entry', async () => {
    const { router } = await renderApp(undefined, { url: '/unauthorized', user: 'student' })
    expect(router.state.historyAction).toBe('POP')
    await userEvent.click(await screen.findByRole('button', { name: 'Go back home' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})
