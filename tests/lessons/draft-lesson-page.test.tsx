import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { renderApp, type TestUser } from '@tests/render-app'

/**
 * §4: a lesson without sessions (a draft) is not listed to students; its page is its owner's and
 * the admins' only. Anyone else opening its address gets the not-found page, as for a lesson
 * that does not exist, not a page of empty headings with links to nothing.
 */
const draft = () => db.lessons.find((lesson) => lesson.id === seedIds.lessonWithoutSessions)!

const openDraft = (user: TestUser | null) =>
  renderApp(undefined, { url: `/lesson/${seedIds.lessonWithoutSessions}`, user })

describe('the page of a draft lesson', () => {
  it.each<[string, TestUser | null]>([
    ['a guest', null],
    ['a student', 'student'],
    ['another educator', 'educatorWithoutLicence'],
  ])('is the not-found page for %s', async (_, user) => {
    await openDraft(user)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('heading', { name: draft().title })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'See all sessions' })).not.toBeInTheDocument()
  })

  it('shows its owner the lesson and the sessions editor', async () => {
    await openDraft('educator')
    expect(await screen.findByRole('heading', { level: 1, name: draft().title })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Add session' })).toBeInTheDocument()
  })

  it('shows an admin the lesson', async () => {
    await openDraft('admin')
    expect(await screen.findByRole('heading', { level: 1, name: draft().title })).toBeVisible()
  })

  it('has no empty About or Details heading while those are not written yet', async () => {
    // A lesson just created (§4: about and details come with the first edit).
    Object.assign(draft(), { about: '', details: '  ' })
    await openDraft('educator')
    expect(await screen.findByRole('heading', { level: 1, name: draft().title })).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'About this lesson' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Details' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'About this lesson' })).not.toBeInTheDocument()
  })
})
