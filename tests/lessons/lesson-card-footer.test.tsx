import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CatalogueLesson } from '@contract/index'
import { LessonCard } from '@/features/lessons/components/lesson-card'
import { renderApp } from '@tests/render-app'

/**
 * Catalogue cards in a row end alike: the price and the number of sessions open each have a row
 * of their own at the foot of every card, free or paid, so their lines and the cards' bottoms
 * line up (a short "Free" used to share its line with the count, a paid price wrapped it below).
 */
const lesson = (
  id: number,
  price_in_cents: number,
  availableSessions: number,
): CatalogueLesson => ({
  id,
  title: `Lesson ${id}`,
  category: { id: 1, title: 'Languages', titleJp: '言語' },
  categoryId: 1,
  price_in_cents,
  about: 'About',
  details: 'Details',
  owner: { id: 3, name: 'Kenji Sato', description: null },
  imageId: null,
  imageUrl: null,
  min_slots: 1,
  max_slots: 10,
  links: [],
  availableSessions,
  createdAt: '2026-06-01T00:00:00.000Z',
  rating: { average: null, count: 0 },
  nextSession: null,
})

/** A card's foot: the element holding its price and its count of sessions. */
const footOf = (card: HTMLElement) => {
  const count = within(card).getByText(/sessions? available/)
  const foot = count.parentElement!
  return { foot, count }
}

/** The tags and classes of an element and its descendants, without their text. */
const shape = (element: Element): string =>
  `${element.tagName}.${element.className}(${[...element.children].map(shape).join(',')})`

describe('the foot of a catalogue card', () => {
  it('has the same rows, price then sessions, on a free card and on a paid one', async () => {
    await renderApp(
      <ul>
        <li>
          <LessonCard lesson={lesson(1, 0, 1)} />
        </li>
        <li>
          <LessonCard lesson={lesson(2, 123456, 12)} />
        </li>
      </ul>,
    )
    const [free, paid] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    const freeFoot = footOf(free)
    const paidFoot = footOf(paid)
    expect(freeFoot.foot.firstElementChild).toHaveTextContent('Free')
    expect(paidFoot.foot.firstElementChild).toHaveTextContent('$1,234.56 / hour')
    expect(freeFoot.count).toHaveTextContent('1 session available')
    expect(paidFoot.count).toHaveTextContent('12 sessions available')
    // One column of rows, never a row that wraps as the price is short or long.
    for (const { foot, count } of [freeFoot, paidFoot]) {
      expect(foot).toHaveClass('mt-auto', 'flex-col')
      expect(foot).not.toHaveClass('flex-wrap')
      expect([...foot.children]).toHaveLength(2)
      expect(foot.lastElementChild).toBe(count)
    }
    expect(shape(freeFoot.foot)).toBe(shape(paidFoot.foot))
  })
})
