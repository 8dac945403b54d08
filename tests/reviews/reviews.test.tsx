import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as user from '@contract/descriptors/user'
import { OwnerCard } from '@/features/reviews/components/owner-card'
import { ReviewList } from '@/features/reviews/components/review-list'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { formatDate } from '@/shared/i18n/format'
import { renderApp, type TestUser } from '@tests/render-app'
import { isPathOf, pathOf, recordRequestedPaths } from '@tests/request-log'

const lessonRow = (id: number) => db.lessons.find((lesson) => lesson.id === id)!
const reviewRow = (id: number) => db.reviews.find((review) => review.id === id)!

/** Every API path the page asks for, in order. */
const requested = recordRequestedPaths()

const openLesson = async (id: number, user: TestUser | null = null) => {
  await renderApp(undefined, { url: `/lesson/${id}`, user })
  await screen.findByRole('heading', { level: 1, name: lessonRow(id).title })
}
const ownerCard = () => screen.getByRole('region', { name: 'About the educator' })
const serverError = () => errorResponse(500, 'boom')

describe("an educator's reviews (§2)", () => {
  it('lists each review with author, rating out of 5, date and text, newest first', async () => {
    await openLesson(seedIds.paidLesson)
    const list = (await screen.findByRole('heading', { name: 'Reviews' })).closest('section')!
    expect(
      within(list).getByText("What students say about this educator's lessons"),
    ).toBeInTheDocument()
    const items = within(list).getAllByRole('article')
    expect(items).toHaveLength(2)

    const newest = reviewRow(2)
    expect(within(items[0]!).getByRole('heading', { name: 'Tom Miller' })).toBeInTheDocument()
    expect(within(items[0]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(within(items[0]!).getByText(formatDate(newest.createdAt!, 'en-US'))).toBeInTheDocument()
    expect(within(items[0]!).getByText(newest.body)).toBeInTheDocument()

    const older = reviewRow(seedIds.reviews.byStudent)
    expect(within(items[1]!).getByRole('heading', { name: 'Yuki Yamamoto' })).toBeInTheDocument()
    expect(within(items[1]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
    expect(within(items[1]!).getByText(formatDate(older.createdAt!, 'en-US'))).toBeInTheDocument()
  })

  it('hides a review without createdAt, and the heading when no review is left', async () => {
    const undated = reviewRow(seedIds.reviews.withoutDate)
    expect(undated.createdAt).toBeUndefined()
    // The piano lesson's educator has only the undated review.
    await openLesson(seedIds.pianoLesson)
    expect(await within(ownerCard()).findByText('5.0')).toBeInTheDocument()
    expect(requested).toContain(pathOf(guest.guestReviews, { id: seedIds.educator2 }))
    expect(screen.queryByText(undated.body)).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument()
    expect(
      screen.queryByText("What students say about this educator's lessons"),
    ).not.toBeInTheDocument()
  })

  it('shows the dated reviews and still hides the undated one', async () => {
    db.reviews.push({
      id: 50,
      userId: seedIds.student,
      lessonId: seedIds.pianoLesson,
      body: 'Patient and encouraging.',
      rating: 4,
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    })
    await openLesson(seedIds.pianoLesson)
    const list = (await screen.findByRole('heading', { name: 'Reviews' })).closest('section')!
    expect(within(list).getAllByRole('article')).toHaveLength(1)
    expect(within(list).getByText('Patient and encouraging.')).toBeInTheDocument()
    expect(screen.queryByText(reviewRow(seedIds.reviews.withoutDate).body)).not.toBeInTheDocument()
  })

  it('shows no heading and the no-reviews message when the educator has no review', async () => {
    db.reviews = []
    await openLesson(seedIds.paidLesson)
    expect(await within(ownerCard()).findByText('No reviews yet')).toBeInTheDocument()
    expect(requested).toContain(pathOf(guest.guestReviews, { id: seedIds.educator }))
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument()
  })

  it('shows the common error text when the reviews cannot load', async () => {
    server.use(mockEndpoint(guest.guestReviews, serverError))
    await openLesson(seedIds.paidLesson)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument()
  })

  it('asks the signed-in calls for a signed-in viewer', async () => {
    await openLesson(seedIds.paidLesson, 'student')
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument()
    expect(requested).toContain(pathOf(user.userReviews, { id: seedIds.educator }))
    expect(requested).not.toContain(pathOf(guest.guestReviews, { id: seedIds.educator }))
  })
})

describe('the owner card and its average rating (§2, §9)', () => {
  it('shows the average with one decimal and the number of reviews', async () => {
    reviewRow(2).rating = 3
    await openLesson(seedIds.paidLesson)
    const card = ownerCard()
    expect(await within(card).findByText('4.0')).toBeInTheDocument()
    expect(within(card).getByText('(2 reviews)')).toBeInTheDocument()
    expect(within(card).getByText('Average rating')).toBeInTheDocument()
  })

  it('shows the no-reviews message to a guest when the average is 0', async () => {
    db.reviews = []
    await openLesson(seedIds.paidLesson)
    expect(await within(ownerCard()).findByText('No reviews yet')).toBeInTheDocument()
    expect(within(ownerCard()).queryByText('0.0')).not.toBeInTheDocument()
  })

  it('shows the no-reviews message to a signed-in student when the average is 0', async () => {
    db.reviews = []
    await openLesson(seedIds.paidLesson, 'student')
    expect(await within(ownerCard()).findByText('No reviews yet')).toBeInTheDocument()
  })

  it('shows 0.0 to an educator instead of the no-reviews message', async () => {
    db.reviews = []
    await openLesson(seedIds.freeLesson, 'educator')
    const card = ownerCard()
    expect(await within(card).findByText('0.0')).toBeInTheDocument()
    expect(within(card).getByText('(0 reviews)')).toBeInTheDocument()
    expect(within(card).queryByText('No reviews yet')).not.toBeInTheDocument()
  })

  it('keeps a long description in a scrollable, focusable 300 px area', async () => {
    await openLesson(seedIds.paidLesson)
    const bio = within(ownerCard()).getByRole('region', { name: "Educator's description" })
    expect(bio).toHaveTextContent(db.users.find((u) => u.id === seedIds.educator)!.description!)
    expect(bio).toHaveClass('max-h-bio', 'overflow-y-auto')
    expect(bio).toHaveAttribute('tabindex', '0')
  })

  it('says so when the educator has no description', async () => {
    db.users.find((user) => user.id === seedIds.educator)!.description = null
    await openLesson(seedIds.paidLesson)
    expect(
      within(ownerCard()).getByText('This educator has not written a description yet.'),
    ).toBeInTheDocument()
  })

  it('shows the common error text when the average cannot load', async () => {
    server.use(mockEndpoint(guest.guestAverageScore, serverError))
    await openLesson(seedIds.paidLesson)
    expect(await within(ownerCard()).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
  })

  it('shows the rating in Japanese too', async () => {
    db.reviews = []
    await openLesson(seedIds.paidLesson)
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const card = await screen.findByRole('region', { name: '講師について' })
    expect(await within(card).findByText('まだレビューはありません')).toBeInTheDocument()
  })

  it('does not ask for the average or the reviews without a valid owner id', async () => {
    await renderApp(
      <>
        <OwnerCard owner={{ id: 0, name: 'Nobody', description: null }} viewerIsEducator={false} />
        <ReviewList educatorId={0} />
      </>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Owner id is missing')
    const ownerCalls = [guest.guestAverageScore, guest.guestReviews]
    expect(
      requested.filter((path) => ownerCalls.some((descriptor) => isPathOf(descriptor, path))),
    ).toEqual([])
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument()
  })
})
