import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { renderApp } from '@tests/render-app'

const lessonTitle = (id: number) => db.lessons.find((lesson) => lesson.id === id)!.title

describe('focus after moving to another screen', () => {
  it('stays where the browser put it on the first load', async () => {
    await renderApp()
    await screen.findByRole('heading', { name: 'All lessons', level: 1 })
    expect(document.body).toHaveFocus()
  })

  it("goes to the new screen's main heading once it shows, when the followed link is gone", async () => {
    const user = userEvent.setup()
    await renderApp()
    const list = await screen.findByRole('list', { name: 'Lessons' })
    const [first] = await within(list).findAllByRole('link')
    await user.click(first!)
    const heading = await screen.findByRole('heading', { level: 1, name: first!.textContent })
    await waitFor(() => expect(heading).toHaveFocus())
    // Focusable by script only: the heading is not added to the Tab order.
    expect(heading).toHaveAttribute('tabindex', '-1')
  })

  it('goes to the heading after a move from the navigation too, and back again', async () => {
    const user = userEvent.setup()
    await renderApp(undefined, { url: `/lesson/${seedIds.paidLesson}` })
    await screen.findByRole('heading', { level: 1, name: lessonTitle(seedIds.paidLesson) })
    await user.click(screen.getByRole('link', { name: 'Log in' }))
    const login = await screen.findByRole('heading', { level: 1, name: 'Welcome to Manabi' })
    await waitFor(() => expect(login).toHaveFocus())
    await user.click(screen.getByRole('link', { name: /Manabi/ }))
    const home = await screen.findByRole('heading', { name: 'All lessons', level: 1 })
    await waitFor(() => expect(home).toHaveFocus())
  })

  it('leaves focus alone when the new screen already put it inside its content', async () => {
    const user = userEvent.setup()
    await renderApp()
    await screen.findByRole('heading', { name: 'All lessons', level: 1 })
    // The search field keeps focus while the query string (not the path) changes.
    const search = screen.getByRole('searchbox', { name: 'Search lessons' })
    await user.type(search, 'Jap')
    expect(search).toHaveFocus()
  })
})
