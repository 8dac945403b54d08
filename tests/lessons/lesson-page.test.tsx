import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as resources from '@contract/descriptors/resources'
import * as user from '@contract/descriptors/user'
import { db, seedIds } from '@/mocks/db'
import { apiUrl, errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { forgetShellCover, getShellCover, keepShellCover } from '@/shared/ui/shell-cover'
import { holdCalls } from '@tests/hold-calls'
import { renderApp, type TestUser } from '@tests/render-app'
import { pathOf, recordRequestedPaths } from '@tests/request-log'

const lessonRow = (id: number) => db.lessons.find((lesson) => lesson.id === id)!
const userRow = (id: number) => db.users.find((user) => user.id === id)!

/** Every API path the page asks for, in order. */
const requested = recordRequestedPaths()

const openLesson = (id: number | string, user: TestUser | null = null) =>
  renderApp(undefined, { url: `/lesson/${id}`, user })

const lessonHeading = (title: string) => screen.findByRole('heading', { level: 1, name: title })
const overview = () => screen.getByRole('heading', { level: 1 }).closest('article')!

const serverError = () => errorResponse(500, 'boom')

describe("the static shell's cover of a lesson page", () => {
  afterEach(() => {
    forgetShellCover()
    window.history.replaceState(null, '', '/')
  })

  it('stays on screen in the skeleton until the lesson arrives, then is forgotten', async () => {
    const lesson = lessonRow(seedIds.freeLesson)
    const cover = `/api/lessons/${lesson.id}/image`
    window.history.replaceState(null, '', `/lesson/${lesson.id}`)
    const shell = document.createElement('div')
    shell.innerHTML = `<img data-shell-cover="" src="${cover}" alt="">`
    keepShellCover(shell)
    const held = holdCalls(guest.guestLesson)
    await renderApp(undefined, { url: `/lesson/${lesson.id}`, waitForLoad: false })
    await screen.findByText('Loading…')
    await vi.waitFor(() =>
      expect(document.querySelector('img[data-shell-cover]')).toHaveAttribute('src', cover),
    )
    await held.release()
    await lessonHeading(lesson.title)
    expect(document.querySelector('img[data-shell-cover]')).toBeNull()
    // A later skeleton of this very page (another visit) has no cover from the first load: the
    // page forgets it in an effect once the lesson is shown.
    await vi.waitFor(() => expect(getShellCover()).toBeUndefined())
  })
})

describe('the guest lesson page (§2)', () => {
  it('says a free lesson is free in its header, in either language', async () => {
    const lesson = lessonRow(seedIds.freeLesson)
    expect(lesson.price_in_cents).toBe(0)
    await openLesson(lesson.id)
    await lessonHeading(lesson.title)
    expect(within(overview()).getByText('Free')).toBeInTheDocument()
    expect(overview()).not.toHaveTextContent('$0.00')
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(within(overview()).getByText('無料')).toBeInTheDocument()
  })

  it('shows the lesson, its sessions, the owner card and the reviews', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    await openLesson(lesson.id)
    await lessonHeading(lesson.title)

    expect(screen.getByRole('link', { name: /Back to all lessons/ })).toHaveAttribute('href', '/')
    const head = overview()
    expect(within(head).getByText('Languages')).toBeInTheDocument()
    expect(within(head).getByText('$20.00 / hour')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'About this lesson' })).toHaveTextContent(
      lesson.about,
    )
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(lesson.details)
    expect(within(head).getByRole('presentation')).toHaveAttribute(
      'src',
      apiUrl(pathOf(lessons.lessonImage, { id: lesson.id })),
    )

    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeInTheDocument()

    const owner = screen.getByRole('region', { name: 'About the educator' })
    expect(within(owner).getByText('Kenji Tanaka')).toBeInTheDocument()
    expect(within(owner).getByText(userRow(seedIds.educator).description!)).toBeInTheDocument()
    // Ratings 5 and 4: one decimal (§9).
    expect(await within(owner).findByText('4.5')).toBeInTheDocument()
    expect(within(owner).getByText('(2 reviews)')).toBeInTheDocument()

    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument()
    expect(screen.getByText('Friendly and well paced, a bit short.')).toBeInTheDocument()
    expect(
      screen.getByText('Kenji explains grammar very clearly. I finally understand particles!'),
    ).toBeInTheDocument()

    // A guest reads the public calls only and never sees materials.
    const educator = { id: seedIds.educator }
    expect(requested).toContain(pathOf(guest.guestLesson, { id: lesson.id }))
    expect(requested).toContain(pathOf(guest.guestAverageScore, educator))
    expect(requested).toContain(pathOf(guest.guestReviews, educator))
    expect(requested).not.toContain(pathOf(lessons.getLesson, { id: lesson.id }))
    expect(requested).not.toContain(pathOf(resources.listResources, { id: lesson.id }))
    expect(screen.queryByRole('heading', { name: 'Materials' })).not.toBeInTheDocument()
  })

  it('shows the Japanese category title and price text under jp-JP', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    await openLesson(lesson.id)
    await lessonHeading(lesson.title)
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    expect(await within(overview()).findByText('語学')).toBeInTheDocument()
    expect(within(overview()).queryByText('Languages')).not.toBeInTheDocument()
    expect(within(overview()).getByText(/\/ 時間/)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'レッスンについて' })).toBeInTheDocument()
  })

  it('clamps about and details to 6 lines and expands them on hover and keyboard focus', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    lesson.about = Array.from({ length: 20 }, (_, index) => `Line ${index + 1}`).join('\n')
    const user = userEvent.setup()
    await openLesson(lesson.id)
    await lessonHeading(lesson.title)
    const about = screen.getByRole('region', { name: 'About this lesson' })
    const details = screen.getByRole('region', { name: 'Details' })
    for (const block of [about, details]) {
      expect(block).toHaveClass('line-clamp-6', 'hover:line-clamp-none', 'focus:line-clamp-none')
      expect(block).toHaveAttribute('tabindex', '0')
    }
    expect(about).toHaveTextContent('Line 20')

    // Keyboard: from the back link, Tab reaches the about text, then the details.
    screen.getByRole('link', { name: /Back to all lessons/ }).focus()
    await user.tab()
    expect(about).toHaveFocus()
    await user.tab()
    expect(details).toHaveFocus()
  })

  it('uses the fallback cover when the lesson has no image', async () => {
    const lesson = lessonRow(seedIds.lessonWithoutImage)
    await openLesson(lesson.id)
    await lessonHeading(lesson.title)
    expect(within(overview()).getByRole('presentation')).toHaveAttribute(
      'src',
      '/images/lesson-fallback.svg',
    )
  })

  it('shows the not-found page for a lesson that does not exist', async () => {
    await openLesson(999)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it.each(['abc', '0', '-1', '1.5'])(
    "shows 'Id is missing or not valid' for /lesson/%s",
    async (id) => {
      await openLesson(id)
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
      expect(screen.getByText('Id is missing or not valid')).toBeVisible()
      expect(requested.some((path) => path.startsWith(guest.guestLessons.path))).toBe(false)
    },
  )

  it('shows the common error text with a retry button when the lesson cannot load', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    server.use(mockEndpoint(guest.guestLesson, serverError))
    await openLesson(lesson.id)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument()
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await lessonHeading(lesson.title)).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument()
  })
})

describe('the lesson page for signed-in users (§2)', () => {
  it('shows sessions, materials, the about-educator block and reviews to an enrolled student', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    await openLesson(lesson.id, 'student')
    await lessonHeading(lesson.title)
    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeInTheDocument()

    const materials = screen.getByRole('region', { name: 'Materials' })
    expect(
      await within(materials).findByRole('link', { name: /NHK News Web Easy/ }),
    ).toHaveAttribute('href', 'https://www3.nhk.or.jp/news/easy/')
    // A file opens in a preview (or downloads) through the API client, not as a bare link.
    expect(within(materials).getByRole('button', { name: /Hiragana chart/ })).toBeInTheDocument()

    const owner = screen.getByRole('region', { name: 'About the educator' })
    expect(within(owner).getByText(userRow(seedIds.educator).description!)).toBeInTheDocument()
    expect(await within(owner).findByText('4.5')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument()

    const educator = { id: seedIds.educator }
    expect(requested).toContain(pathOf(lessons.getLesson, { id: lesson.id }))
    expect(requested).toContain(pathOf(user.userReviews, educator))
    expect(requested).toContain(pathOf(user.userAverageScore, educator))
    expect(requested).not.toContain(pathOf(guest.guestLesson, { id: lesson.id }))
  })

  it('shows the materials to the lesson owner', async () => {
    await openLesson(seedIds.paidLesson, 'educator')
    await lessonHeading(lessonRow(seedIds.paidLesson).title)
    const materials = screen.getByRole('region', { name: 'Materials' })
    expect(await within(materials).findAllByRole('listitem')).toHaveLength(2)
  })

  it('tells a student who is not enrolled that materials are for enrolled students', async () => {
    const lesson = lessonRow(seedIds.pianoLesson)
    await openLesson(lesson.id, 'student')
    await lessonHeading(lesson.title)
    const materials = screen.getByRole('region', { name: 'Materials' })
    expect(
      await within(materials).findByText('Materials are available to enrolled students'),
    ).toBeInTheDocument()
    expect(within(materials).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the not-found page for a missing lesson', async () => {
    await openLesson(999, 'student')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('shows the common error text with a retry button when the lesson cannot load', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    server.use(mockEndpoint(lessons.getLesson, serverError))
    await openLesson(lesson.id, 'student')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await lessonHeading(lesson.title)).toBeInTheDocument()
  })
})
