import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { seedIds } from '@/mocks/db'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'

/** The busy region a skeleton stands in, found by its one "Loading…" status. */
const skeleton = () => screen.queryByText('Loading…')?.closest<HTMLElement>('[aria-busy="true"]')
const busyRegions = () => document.querySelectorAll('[aria-busy="true"]')

describe('skeletons', () => {
  it('stand in for the catalogue’s cards while they load, then give way to them', async () => {
    const held = holdCalls(guest.guestLessons)
    await renderApp(undefined, { waitForLoad: false })
    // Lazy routes show the plain loading line first; then the skeleton takes over.
    await waitFor(() => expect(skeleton()).toBeTruthy())
    // Shaped like the cards: cover and lines, hidden from assistive technology.
    expect(skeleton()!.querySelector('[aria-hidden="true"]')!.className).toContain(
      'motion-safe:animate-pulse',
    )
    expect(skeleton()!.querySelectorAll('.aspect-video').length).toBeGreaterThan(1)
    expect(screen.queryByRole('list', { name: 'Lessons' })).not.toBeInTheDocument()

    await held.release()
    expect(await screen.findByRole('list', { name: 'Lessons' })).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
    expect(busyRegions()).toHaveLength(0)
  })

  it('stand in for the lesson page while it loads', async () => {
    const held = holdCalls(guest.guestLesson)
    await renderApp(undefined, { url: `/lesson/${seedIds.paidLesson}`, waitForLoad: false })
    // Lazy routes show the plain loading line first; then the skeleton takes over.
    await waitFor(() => expect(skeleton()).toBeTruthy())
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()

    await held.release()
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument())
  })

  it('stand in for the educator’s lessons while they load', async () => {
    const held = holdCalls(lessons.myLessons)
    await renderApp(undefined, { user: 'educator', waitForLoad: false })
    const mine = await screen.findByRole('region', { name: 'My lessons' })
    await waitFor(() => expect(within(mine).getByText('Loading…')).toBeInTheDocument())
    expect(mine.querySelector('[aria-busy="true"]')).not.toBeNull()

    await held.release()
    await waitFor(() => expect(within(mine).queryByText('Loading…')).not.toBeInTheDocument())
    expect(within(mine).getAllByRole('article').length).toBeGreaterThan(0)
  })
})

describe('an empty catalogue search', () => {
  it('gives search tips and a button back to all lessons that clears the filters', async () => {
    const user = userEvent.setup()
    await renderApp()
    const search = screen.getByRole('searchbox', { name: 'Search lessons' })
    await user.type(search, 'quantum knitting')
    expect(await screen.findByText('We could not find a lesson')).toBeInTheDocument()
    expect(screen.getByText('Check the spelling of your search.')).toBeVisible()
    expect(screen.getByText('Search for a shorter or more general word.')).toBeVisible()
    expect(screen.getByText('Choose all categories instead of one.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Show all lessons' }))
    expect(search).toHaveValue('')
    expect(search).toHaveFocus()
    expect(await screen.findByRole('list', { name: 'Lessons' })).toBeInTheDocument()
    expect(screen.queryByText('We could not find a lesson')).not.toBeInTheDocument()
  })

  it('clears a chosen category too', async () => {
    const user = userEvent.setup()
    await renderApp()
    const category = screen.getByRole('combobox', { name: 'Category' })
    await user.type(screen.getByRole('searchbox', { name: 'Search lessons' }), 'zzzz')
    const option = within(category).getAllByRole('option')[1]!
    await user.selectOptions(category, option)
    await user.click(await screen.findByRole('button', { name: 'Show all lessons' }))
    expect(category).toHaveValue('')
    expect(await screen.findByRole('list', { name: 'Lessons' })).toBeInTheDocument()
  })
})
