import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as reviews from '@contract/descriptors/reviews'
import { REVIEW_MAX_LENGTH } from '@contract/rules'
import History from '@/app/routes/history'
import { OwnerCard } from '@/features/reviews/components/owner-card'
import { ReviewList } from '@/features/reviews/components/review-list'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const REQUIRED = 'Please enter a review and rate the lesson'
const lesson = () => db.lessons.find((row) => row.id === seedIds.toReviewLesson)!
const educator = () => db.users.find((row) => row.id === seedIds.educator)!

/** Every review the SPA sends in the current test, recorded as it is sent. */
const sentRequests: Request[] = []
const recordReview = ({ request }: { request: Request }) => {
  if (isCallOf(reviews.createReview, request)) sentRequests.push(request.clone())
}
beforeEach(() => {
  server.events.on('request:start', recordReview)
})
afterEach(() => {
  server.events.removeListener('request:start', recordReview)
  sentRequests.length = 0
})
const sentBodies = () => Promise.all(sentRequests.map((request) => request.json()))

/**
 * The history of the signed-in student beside the reviewed lesson's educator card and review
 * list, so a test sees what a new review changes.
 */
const renderHistory = async () => {
  const { id, name, description } = educator()
  await renderApp(
    <>
      <History />
      <OwnerCard owner={{ id, name, description }} viewerIsEducator={false} />
      <ReviewList educatorId={id} />
    </>,
    { user: 'student', url: '/history' },
  )
  return screen.findByRole('button', { name: `Write a review of ${lesson().title}` })
}

const openDialog = async () => {
  const opener = await renderHistory()
  await userEvent.click(opener)
  const dialog = await screen.findByRole('dialog', { name: `Review “${lesson().title}”` })
  return { opener, dialog }
}

const textOf = (dialog: HTMLElement) => within(dialog).getByLabelText('Your review')
const star = (dialog: HTMLElement, count: number) =>
  within(dialog).getByRole('radio', { name: count === 1 ? '1 star' : `${count} stars` })
const submit = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Submit review' })
const ownerCard = () => screen.getByRole('region', { name: 'About the educator' })

describe('the review dialog (§2, §5)', () => {
  it('opens from the entry with the text field focused, 450 px wide at most', async () => {
    const { dialog } = await openDialog()
    expect(textOf(dialog)).toHaveFocus()
    expect(dialog).toHaveClass('max-w-dialog')
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toBeInTheDocument()
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5)
    expect(within(dialog).getByText(`0 / ${REVIEW_MAX_LENGTH} characters`)).toBeInTheDocument()
  })

  it('asks for both the text and the rating, with one message, sending nothing', async () => {
    const { dialog } = await openDialog()
    await userEvent.click(submit(dialog))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(REQUIRED)
    expect(within(dialog).getAllByText(REQUIRED)).toHaveLength(1)
    expect(textOf(dialog)).toBeInvalid()
    expect(textOf(dialog)).toHaveAccessibleDescription(
      `0 / ${REVIEW_MAX_LENGTH} characters ${REQUIRED}`,
    )
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(sentRequests).toEqual([])
  })

  it('asks for the rating when only the text is given', async () => {
    const { dialog } = await openDialog()
    await userEvent.type(textOf(dialog), 'Very clear')
    await userEvent.click(submit(dialog))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REQUIRED)
    expect(textOf(dialog)).not.toBeInvalid()
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(sentRequests).toEqual([])
  })

  it.each([
    ['empty', ''],
    ['only spaces', '   \n  '],
    ['only zero-width spaces and joiners', '\u200b\u200c\u200d\ufeff'],
  ])('asks for the text when it is %s and a rating is given', async (_, text) => {
    const { dialog } = await openDialog()
    if (text) await userEvent.type(textOf(dialog), text)
    await userEvent.click(star(dialog, 4))
    await userEvent.click(submit(dialog))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REQUIRED)
    expect(textOf(dialog)).toBeInvalid()
    expect(within(dialog).getByRole('group', { name: 'Rating' })).not.toHaveAttribute(
      'aria-invalid',
    )
    expect(sentRequests).toEqual([])
  })

  it('counts the characters and refuses more than the limit', async () => {
    const { dialog } = await openDialog()
    await userEvent.type(textOf(dialog), '  Great  ')
    expect(within(dialog).getByText(`5 / ${REVIEW_MAX_LENGTH} characters`)).toBeInTheDocument()
    await userEvent.clear(textOf(dialog))
    await userEvent.click(textOf(dialog))
    await userEvent.paste('a'.repeat(REVIEW_MAX_LENGTH + 1))
    expect(
      within(dialog).getByText(`${REVIEW_MAX_LENGTH + 1} / ${REVIEW_MAX_LENGTH} characters`),
    ).toBeInTheDocument()
    await userEvent.click(star(dialog, 5))
    await userEvent.click(submit(dialog))
    expect(
      await within(dialog).findByText(`A review is at most ${REVIEW_MAX_LENGTH} characters`),
    ).toBeInTheDocument()
    expect(textOf(dialog)).toBeInvalid()
    expect(within(dialog).queryByText(REQUIRED)).not.toBeInTheDocument()
    expect(sentRequests).toEqual([])
  })

  it('refuses a NUL character in the text before sending, saying so at the field', async () => {
    const { dialog } = await openDialog()
    await userEvent.click(textOf(dialog))
    await userEvent.paste('Great\u0000lesson')
    await userEvent.click(star(dialog, 5))
    await userEvent.click(submit(dialog))
    expect(textOf(dialog)).toBeInvalid()
    expect(textOf(dialog)).toHaveAccessibleDescription(
      expect.stringContaining('Contains a character that is not allowed'),
    )
    expect(sentRequests).toEqual([])
  })

  it('rates with the keyboard: arrows move between the stars, Space picks one', async () => {
    const { dialog } = await openDialog()
    await userEvent.type(textOf(dialog), 'Nice')
    // Tab leaves the text for the rating: the first star, none picked yet.
    await userEvent.tab()
    expect(star(dialog, 1)).toHaveFocus()
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((radio) => radio.matches(':checked')),
    ).toBe(false)
    await userEvent.keyboard(' ')
    expect(star(dialog, 1)).toBeChecked()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(star(dialog, 4)).toBeChecked()
    expect(star(dialog, 4)).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(star(dialog, 3)).toBeChecked()
    expect(star(dialog, 4)).not.toBeChecked()
    // The stars up to the chosen one are drawn filled.
    const drawn = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.nextElementSibling?.querySelector('[aria-hidden]')?.textContent)
    expect(drawn.join('')).toBe('★★★☆☆')
  })

  it('closes on Cancel and on Escape, giving focus back to the opener', async () => {
    const { opener, dialog } = await openDialog()
    await userEvent.type(textOf(dialog), 'Draft')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    await userEvent.click(opener)
    const again = await screen.findByRole('dialog')
    // The next opening starts empty.
    expect(textOf(again)).toHaveValue('')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it('adds the review: a toast, the entry reviewed and the educator’s average refreshed', async () => {
    const { dialog } = await openDialog()
    // Two reviews of 5 and 4 before: 4.5.
    expect(await within(ownerCard()).findByText('4.5')).toBeInTheDocument()
    expect(within(ownerCard()).getByText('(2 reviews)')).toBeInTheDocument()

    await userEvent.type(textOf(dialog), '  Clear steps, good pace.  ')
    await userEvent.click(star(dialog, 1))
    await userEvent.click(submit(dialog))

    expect(await screen.findByText('Thank you! Your review was added')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await sentBodies()).toEqual([
      { lessonId: lesson().id, body: 'Clear steps, good pace.', rating: 1 },
    ])
    const entry = screen.getByRole('article', { name: lesson().title })
    expect(await within(entry).findByText('Reviewed')).toBeInTheDocument()
    expect(within(entry).getByRole('img', { name: 'Rated 1 out of 5' })).toBeInTheDocument()
    expect(within(entry).getByText('Clear steps, good pace.')).toBeInTheDocument()
    expect(within(entry).queryByRole('button', { name: /Write a review/ })).not.toBeInTheDocument()
    // Focus is not lost with the button: it moves to the review just written.
    await waitFor(() => expect(within(entry).getByText('Your review').parentElement).toHaveFocus())
    // (5 + 4 + 1) / 3 = 3.3, and the new review heads the educator's list.
    expect(await within(ownerCard()).findByText('3.3')).toBeInTheDocument()
    expect(within(ownerCard()).getByText('(3 reviews)')).toBeInTheDocument()
    const list = screen.getByRole('heading', { name: 'Reviews' }).closest('section')!
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent('Clear steps, good pace.')
  })

  it('keeps the submit button disabled while the review is being sent', async () => {
    const held = holdCalls(reviews.createReview)
    const { dialog } = await openDialog()
    await userEvent.type(textOf(dialog), 'Good')
    await userEvent.click(star(dialog, 5))
    await userEvent.click(submit(dialog))
    await waitFor(() => expect(submit(dialog)).toHaveAttribute('aria-disabled', 'true'))
    await held.release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the server’s reason in a toast and keeps the dialog open on a refusal', async () => {
    const { dialog } = await openDialog()
    // Reviewed meanwhile (another tab): the mock answers 409.
    db.reviews.push({
      id: 99,
      userId: seedIds.student,
      lessonId: lesson().id,
      body: 'From another tab',
      rating: 3,
      createdAt: new Date().toISOString(),
    })
    await userEvent.type(textOf(dialog), 'Second try')
    await userEvent.click(star(dialog, 2))
    await userEvent.click(submit(dialog))
    expect(
      await screen.findByText(`Review addition failed: ${i18n.t('api.reviews.alreadyReviewed')}`),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await waitFor(() => expect(submit(dialog)).toBeEnabled())
    expect(textOf(dialog)).toHaveValue('Second try')
    expect(screen.queryByText('Thank you! Your review was added')).not.toBeInTheDocument()
  })

  it('says only that it failed when the server gives no reason', async () => {
    server.use(mockEndpoint(reviews.createReview, () => errorResponse(500, [])))
    const { dialog } = await openDialog()
    await userEvent.type(textOf(dialog), 'Good')
    await userEvent.click(star(dialog, 5))
    await userEvent.click(submit(dialog))
    expect(await screen.findByText('Review addition failed')).toBeInTheDocument()
  })
})
