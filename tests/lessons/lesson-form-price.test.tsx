import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { seedIds } from '@/mocks/db'
import { fromCents, toCents } from '@/features/lessons/components/lesson-form-schema'
import { field, lessonRow, openEditLesson } from './lesson-form-helpers'

/**
 * §5: the price is entered in currency units, ×100 on submit and ÷100 when loaded. Loaded back,
 * it reads as it was typed: two decimals when there are cents (issue 27 item 16).
 */
describe('the price as the lesson form loads it', () => {
  it.each([
    [1250, '12.50'],
    [1205, '12.05'],
    [1299, '12.99'],
    [2000, '20'],
    [5, '0.05'],
    [0, '0'],
    [10_000_000, '100000'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(fromCents(cents)).toBe(shown)
    // …and what it shows is the same price again on submit.
    expect(toCents(shown)).toBe(cents)
  })

  it('loads a price saved as $12.50 as 12.50, and saves it unchanged', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    lesson.price_in_cents = 1250
    await openEditLesson(lesson.id)
    const update = await screen.findByRole('button', { name: 'Update' })
    expect(field.price()).toHaveValue('12.50')
    await userEvent.click(update)
    await screen.findByText('Lesson updated')
    expect(lessonRow(lesson.id).price_in_cents).toBe(1250)
  })
})
