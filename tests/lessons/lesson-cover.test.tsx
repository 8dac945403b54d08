import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils'
import { describe, expect, it } from 'vitest'
import { buildPath } from '@contract/descriptor'
import * as lessons from '@contract/descriptors/lessons'
import { db, seedIds } from '@/mocks/db'
import { FALLBACK_LESSON_IMAGE, LessonCover } from '@/features/lessons/components/lesson-cover'
import { apiAssetUrl } from '@/shared/config/env'
import { renderApp } from '@tests/render-app'

const coverUrl = (lessonId: number) => buildPath(lessons.lessonImage.path, { id: lessonId })
const imageIn = (element: HTMLElement) => element.querySelector('img')!

/** The cover frame is 16:9 at twice the card's 336 px: no layout shift while it loads. */
const expectCoverFrame = (image: HTMLImageElement) => {
  expect(image).toHaveAttribute('width', '672')
  expect(image).toHaveAttribute('height', '378')
}

describe('LessonCover', () => {
  it("shows the lesson's cover from the API with its intrinsic size, lazily when asked", () => {
    const { container } = render(
      <LessonCover imageUrl={coverUrl(1)} lazy className="aspect-video w-full object-cover" />,
    )
    const image = imageIn(container)
    expect(image).not.toHaveAttribute('src')
    act(() => mockAllIsIntersecting(true))
    expect(image).toHaveAttribute('src', apiAssetUrl(coverUrl(1)))
    expect(image).toHaveAttribute('alt', '')
    expectCoverFrame(image)
  })

  it('loads eagerly unless asked otherwise (the lesson page shows its cover at once)', () => {
    const { container } = render(<LessonCover imageUrl={coverUrl(1)} className="w-full" />)
    expect(imageIn(container)).toHaveAttribute('src', apiAssetUrl(coverUrl(1)))
  })

  it('shows the fallback image, in the same frame, for a lesson without a cover', () => {
    const { container } = render(<LessonCover imageUrl={null} lazy className="w-full" />)
    const image = imageIn(container)
    act(() => mockAllIsIntersecting(true))
    expect(image).toHaveAttribute('src', FALLBACK_LESSON_IMAGE)
    expectCoverFrame(image)
  })

  it('falls back once when the cover fails to load, and stops there', () => {
    const { container } = render(<LessonCover imageUrl={coverUrl(1)} className="w-full" />)
    const image = imageIn(container)
    fireEvent.error(image)
    expect(image.src.endsWith(FALLBACK_LESSON_IMAGE)).toBe(true)
    const fallbackSrc = image.src
    fireEvent.error(image)
    expect(image.src).toBe(fallbackSrc)
    expectCoverFrame(image)
  })
})

describe('covers in the catalogue', () => {
  it('give every card its cover or the fallback, sized; the first at once and first, the rest lazy', async () => {
    await renderApp()
    const list = await screen.findByRole('list', { name: 'Lessons' })
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(5))
    const images = [...list.querySelectorAll('img')]
    expect(images).toHaveLength(5)
    for (const image of images) expectCoverFrame(image)
    // The first cover is the page's largest paint (the server preloads it): no wait for the view.
    const [first, ...rest] = images
    expect(first).toHaveAttribute('src')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    for (const image of rest) {
      expect(image).not.toHaveAttribute('src')
      expect(image).not.toHaveAttribute('fetchpriority')
    }
    act(() => mockAllIsIntersecting(true))
    const sushi = db.lessons.find((lesson) => lesson.id === seedIds.lessonWithoutImage)!
    const sushiCard = within(list).getByRole('link', { name: sushi.title }).closest('article')!
    expect(imageIn(sushiCard)).toHaveAttribute('src', FALLBACK_LESSON_IMAGE)
    const withCover = images.filter((image) => image.getAttribute('src') !== FALLBACK_LESSON_IMAGE)
    expect(withCover.length).toBeGreaterThan(0)
    for (const image of withCover)
      expect(image.getAttribute('src')).toMatch(/\/lessons\/\d+\/image$/)
  })

  it("sizes the lesson page's cover too", async () => {
    await renderApp(undefined, { url: `/lesson/${seedIds.paidLesson}` })
    const article = (await screen.findByRole('heading', { level: 1 })).closest('article')!
    const image = imageIn(article)
    expect(image).toHaveAttribute('src', apiAssetUrl(coverUrl(seedIds.paidLesson)))
    expectCoverFrame(image)
  })
})
