import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as user from '@contract/descriptors/user'
import { LatestReviews } from '@/features/reviews/components/latest-reviews'
import { OwnerCard } from '@/features/reviews/components/owner-card'
import { ReviewList } from '@/features/reviews/components/review-list'
import { seedIds } from '@/mocks/db'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp, type TestUser } from '@tests/render-app'
import { isPathOf, recordRequestedPaths } from '@tests/request-log'

/**
 * Reviews and a rating are an educator's: for a student's or an admin's id both backends answer
 * 404. The screens show such an id as having none, as for an educator without reviews, never as
 * a failure to load.
 */
const requested = recordRequestedPaths()

const CALLS = [guest.guestAverageScore, guest.guestReviews, user.userAverageScore, user.userReviews]

describe('an owner id that is no educator’s', () => {
  it.each([
    ['a guest', null, seedIds.student],
    ['a signed-in student', 'student', seedIds.admin],
  ] as const)('reads as no reviews for %s', async (_who, viewer: TestUser | null, id) => {
    await renderApp(
      <>
        <OwnerCard
          owner={{ id, name: 'Not an educator', description: null }}
          viewerIsEducator={false}
        />
        <ReviewList educatorId={id} />
      </>,
      { user: viewer },
    )
    const card = screen.getByRole('region', { name: 'About the educator' })
    expect(await within(card).findByText('No reviews yet')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Reviews' })).not.toBeInTheDocument()
    // Both were asked (and answered 404), once each.
    const asked = requested.filter((path) => CALLS.some((call) => isPathOf(call, path)))
    expect(asked).toHaveLength(2)

    await act(() => i18n.changeLanguage('jp-JP'))
    expect(await within(card).findByText('まだレビューはありません')).toBeInTheDocument()
  })

  it('reads as no reviews yet on the dashboard list too', async () => {
    await renderApp(<LatestReviews educatorId={seedIds.student} />, { user: 'educator' })
    expect(await screen.findByText('No one has reviewed your lessons yet.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
