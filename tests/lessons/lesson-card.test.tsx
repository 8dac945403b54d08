import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CatalogueLesson } from '@contract/index'
import { FEW_SEATS_MAX } from '@contract/rules'
import { LessonCard } from '@/features/lessons/components/lesson-card'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'

/** A card's lesson: a paid lesson by Kenji Sato, rated, whose next session has plenty of seats. */
const lessonWith = (overrides: Partial<CatalogueLesson> = {}): CatalogueLesson => ({
  id: 7,
  title: 'Conversational Japanese',
  category: { id: 1, title: 'Languages', titleJp: '言語' },
  categoryId: 1,
  price_in_cents: 2500,
  about: 'About',
  details: 'Details',
  owner: { id: 3, name: 'Kenji Sato', description: null },
  imageId: null,
  imageUrl: null,
  min_slots: 1,
  max_slots: 10,
  links: [],
  availableSessions: 2,
  createdAt: '2026-06-01T00:00:00.000Z',
  rating: { average: 4.8, count: 12 },
  nextSession: {
    id: 40,
    // 20:00 UTC on 1 July: already 2 July in Tokyo.
    start_time: '2026-07-01T20:00:00.000Z',
    end_time: '2026-07-01T21:30:00.000Z',
    timezone: 'Europe/Paris',
    availableSlots: 8,
  },
  ...overrides,
})

const withSeats = (availableSlots: number) =>
  lessonWith({ nextSession: { ...lessonWith().nextSession!, availableSlots } })

const renderCard = async (lesson: CatalogueLesson) => {
  await renderApp(<LessonCard lesson={lesson} />)
  return screen.getByRole('article')
}

const originalZone = process.env.TZ

beforeEach(() => {
  process.env.TZ = 'Asia/Tokyo'
})

afterEach(() => {
  process.env.TZ = originalZone
})

describe('a lesson card', () => {
  it('is one link to the lesson, named by its title and described by what it shows', async () => {
    const card = await renderCard(lessonWith())
    const link = within(card).getByRole('link')
    expect(link).toHaveAttribute('href', '/lesson/7')
    expect(link).toHaveAccessibleName('Conversational Japanese')
    expect(link).toHaveTextContent(/^Conversational Japanese$/)
    expect(link).toHaveAccessibleDescription(
      'Taught by Kenji Sato Rated 4.8 out of 5 from 12 reviews ' +
        'Next: 2 July 2026, 05:00 – 06:30 Japan Time $25.00 / hour 2 sessions available',
    )
    expect(within(card).getByRole('heading', { level: 2 })).toContainElement(link)
  })

  it('names the educator beside a decorative avatar of their initials', async () => {
    const card = await renderCard(lessonWith())
    expect(card).toHaveTextContent('Kenji Sato')
    const avatar = within(card).getByText('KS')
    expect(avatar).toHaveAttribute('aria-hidden', 'true')
  })

  it('takes the initials of a one-word name from its first character', async () => {
    const card = await renderCard(lessonWith({ owner: { id: 3, name: '佐藤', description: null } }))
    expect(within(card).getByText('佐')).toHaveAttribute('aria-hidden', 'true')
  })

  it('shows the rating with one decimal and the number of reviews', async () => {
    const card = await renderCard(lessonWith({ rating: { average: 4, count: 1 } }))
    expect(card).toHaveTextContent('★ 4.0 (1)')
    expect(within(card).getByText('Rated 4.0 out of 5 from 1 review')).toBeInTheDocument()
    expect(within(card).queryByText('New')).not.toBeInTheDocument()
  })

  it('says "New" for an educator nobody has reviewed yet', async () => {
    const card = await renderCard(lessonWith({ rating: { average: null, count: 0 } }))
    expect(within(card).getByText('New')).toBeInTheDocument()
    expect(within(card).getByRole('link')).toHaveAccessibleDescription(
      /New educator: no reviews yet/,
    )
    expect(card).not.toHaveTextContent('★')
  })

  it('says "Free" for a free lesson and the hourly price otherwise', async () => {
    const free = await renderCard(lessonWith({ price_in_cents: 0 }))
    expect(free).toHaveTextContent('Free')
    expect(free).not.toHaveTextContent('$0.00')
  })

  it('writes a price of one cent as the currency does', async () => {
    const card = await renderCard(lessonWith({ price_in_cents: 1 }))
    expect(card).toHaveTextContent('$0.01 / hour')
    expect(card).not.toHaveTextContent('Free')
  })

  it("gives the next session's date and times in the viewer's zone, naming the zone", async () => {
    process.env.TZ = 'America/New_York'
    const card = await renderCard(lessonWith())
    expect(card).toHaveTextContent('Next: 1 July 2026, 16:00 – 17:30 EDT')
    expect(within(card).getByText(/^Next:/)).toHaveAttribute('datetime', '2026-07-01T20:00:00.000Z')
  })

  it('says when no session is open to book', async () => {
    const card = await renderCard(lessonWith({ nextSession: null, availableSessions: 0 }))
    expect(card).toHaveTextContent('No session open to book')
    expect(card).not.toHaveTextContent(/seats? left/)
  })

  it.each([
    [1, '1 seat left'],
    [2, '2 seats left'],
    [FEW_SEATS_MAX, `${FEW_SEATS_MAX} seats left`],
  ])('warns when few seats are left: %i', async (seats, text) => {
    const card = await renderCard(withSeats(seats))
    expect(card).toHaveTextContent(text)
  })

  it('says nothing of seats above the threshold', async () => {
    const card = await renderCard(withSeats(FEW_SEATS_MAX + 1))
    expect(card).not.toHaveTextContent(/seats? left/)
  })
})

describe('a lesson card in Japanese', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('jp-JP')
  })

  it('writes the date, time, zone, price, rating and seats the Japanese way', async () => {
    const card = await renderCard(withSeats(2))
    expect(card).toHaveTextContent('言語')
    expect(card).toHaveTextContent('次回：2026年7月2日 05:00 – 06:30 JST')
    expect(card).toHaveTextContent('$25.00 / 時間')
    expect(card).toHaveTextContent('残り2席')
    expect(card).toHaveTextContent('★ 4.8 (12)')
    expect(within(card).getByText('評価 5点中4.8点（レビュー12件）')).toBeInTheDocument()
  })

  it('says 無料 for a free lesson and 新規 for an unreviewed educator', async () => {
    const card = await renderCard(
      lessonWith({ price_in_cents: 0, rating: { average: null, count: 0 }, nextSession: null }),
    )
    expect(card).toHaveTextContent('無料')
    expect(within(card).getByText('新規')).toBeInTheDocument()
    expect(card).toHaveTextContent('予約できるセッションはありません')
  })
})
