import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as lessons from '@contract/descriptors/lessons'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { pathOf, recordRequestedPaths } from '@tests/request-log'
import { errorOf, field, openNewLesson, pngFile, stubObjectUrls } from './lesson-form-helpers'

const requested = recordRequestedPaths()
const objectUrls = stubObjectUrls()

const continueButton = () => screen.getByRole('button', { name: 'Continue' })
const slide = (slider: HTMLElement, value: number) =>
  fireEvent.change(slider, { target: { value: String(value) } })
const retype = async (input: HTMLElement, text: string) => {
  await userEvent.clear(input)
  if (text) await userEvent.type(input, text)
}
const drop = (file: File) =>
  fireEvent.drop(screen.getByText('Drag and drop an image here, or click to choose one'), {
    dataTransfer: { files: [file], types: ['Files'] },
  })

describe('the new lesson form (§2, §4)', () => {
  it('starts from the defaults: price 0, seats 1 to 3, a Continue button and no about', async () => {
    await openNewLesson()
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/')
    expect(field.title()).toHaveValue('')
    expect(field.category()).toHaveValue('')
    expect(field.price()).toHaveValue('0')
    expect(field.minSlider()).toHaveValue('1')
    expect(field.maxSlider()).toHaveValue('3')
    expect(field.minInput()).toHaveValue(1)
    expect(field.maxInput()).toHaveValue(3)
    expect(field.minSlider()).toHaveAttribute('aria-valuetext', '1 seat')
    expect(field.maxSlider()).toHaveAttribute('aria-valuetext', '3 seats')
    expect(screen.getByRole('option', { name: 'Languages' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'About' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument()
    expect(continueButton()).toBeEnabled()
  })

  it('asks for the image, the title and the category, tied to their fields, and sends nothing', async () => {
    await openNewLesson()
    await userEvent.click(continueButton())
    expect(await screen.findByText('Please upload an image')).toBeInTheDocument()
    expect(field.cover()).toHaveAttribute('aria-invalid', 'true')
    expect(errorOf(field.cover())).toBe('Please upload an image')
    expect(field.title()).toHaveAttribute('aria-invalid', 'true')
    expect(errorOf(field.title())).toBe('Required')
    expect(errorOf(field.category())).toBe('Required')
    expect(field.price()).not.toHaveAttribute('aria-invalid')
    expect(requested).not.toContain(pathOf(lessons.createLesson))
    expect(requested).not.toContain(pathOf(lessons.uploadLessonImage))

    // Fixed fields lose their error as they change (re-validated after the first submit).
    await userEvent.type(field.title(), 'Ukulele')
    await waitFor(() => expect(field.title()).not.toHaveAttribute('aria-invalid'))
    expect(screen.getByText('Please upload an image')).toBeInTheDocument()
  })

  it('names its form from the submit button, which sits after the form (forms do not nest)', async () => {
    await openNewLesson()
    const form = screen.getByRole('form', { name: 'New lesson' })
    const button = continueButton() as HTMLButtonElement
    expect(form).not.toContainElement(button)
    // The browser's default button of the form: Enter in a field submits through it.
    expect(button.form).toBe(form)
    expect(button).toHaveAttribute('type', 'submit')
  })

  it('checks the title length', async () => {
    await openNewLesson()
    fireEvent.input(field.title(), { target: { value: 'x'.repeat(201) } })
    await userEvent.click(continueButton())
    await waitFor(() => expect(errorOf(field.title())).toBe('At most 200 characters'))
  })

  it.each([
    ['', 'Required'],
    ['abc', 'The price must be a number'],
    ['-5', 'The price cannot be negative'],
    ['1.234', 'Use at most two decimals, like 100 or 12.50'],
    ['100000.01', 'The price cannot be more than 100,000'],
  ])('refuses the price %j: %s', async (price, message) => {
    await openNewLesson()
    await retype(field.price(), price)
    await userEvent.click(continueButton())
    await waitFor(() => expect(errorOf(field.price())).toBe(message))
    expect(field.price()).toHaveAttribute('aria-invalid', 'true')
  })

  it.each(['0', '12.5', '100000'])('accepts the price %j', async (price) => {
    await openNewLesson()
    await retype(field.price(), price)
    await userEvent.click(continueButton())
    await screen.findByText('Please upload an image')
    expect(field.price()).not.toHaveAttribute('aria-invalid')
  })

  it.each([
    ['min', '', 'Required'],
    ['min', '0', 'At least 1 seat'],
    ['min', '2.5', 'Enter a whole number of seats'],
    ['max', '51', 'At most 50 seats'],
    ['max', '', 'Required'],
  ] as const)('refuses the %s seats %j: %s', async (which, text, message) => {
    await openNewLesson()
    const input = which === 'min' ? field.minInput() : field.maxInput()
    await retype(input, text)
    await userEvent.click(continueButton())
    await waitFor(() => expect(errorOf(input)).toBe(message))
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses a maximum typed below the minimum', async () => {
    await openNewLesson()
    await retype(field.minInput(), '5')
    // A minimum above the maximum takes the maximum with it (§4).
    expect(field.maxInput()).toHaveValue(5)
    await retype(field.maxInput(), '2')
    await userEvent.click(continueButton())
    await waitFor(() =>
      expect(errorOf(field.maxInput())).toBe(
        'The maximum seats must be at least the minimum seats',
      ),
    )
    expect(field.minInput()).not.toHaveAttribute('aria-invalid')
    await retype(field.maxInput(), '8')
    await waitFor(() => expect(field.maxInput()).not.toHaveAttribute('aria-invalid'))
  })

  it('keeps the slider and the number inputs in step both ways', async () => {
    await openNewLesson()
    // Slider → inputs.
    slide(field.maxSlider(), 20)
    expect(field.maxInput()).toHaveValue(20)
    expect(field.maxSlider()).toHaveAttribute('aria-valuetext', '20 seats')
    slide(field.minSlider(), 4)
    expect(field.minInput()).toHaveValue(4)
    expect(field.maxInput()).toHaveValue(20)
    // Inputs → slider.
    await retype(field.minInput(), '7')
    expect(field.minSlider()).toHaveValue('7')
    await retype(field.maxInput(), '30')
    expect(field.maxSlider()).toHaveValue('30')
    expect(field.minSlider()).toHaveValue('7')
    // A half-typed value leaves the slider where it was.
    await userEvent.clear(field.maxInput())
    expect(field.maxSlider()).toHaveValue('7')
  })

  it('sets both seats to the minimum when the minimum passes the maximum (§4)', async () => {
    await openNewLesson()
    slide(field.minSlider(), 12)
    expect(field.minInput()).toHaveValue(12)
    expect(field.maxInput()).toHaveValue(12)
    expect(field.maxSlider()).toHaveValue('12')
    // Dragging the maximum under the minimum leaves both at the minimum.
    slide(field.maxSlider(), 3)
    expect(field.maxInput()).toHaveValue(12)
    expect(field.minInput()).toHaveValue(12)
    // Typing a larger minimum does the same.
    await retype(field.minInput(), '40')
    expect(field.maxInput()).toHaveValue(40)
    expect(field.maxSlider()).toHaveValue('40')
    // Both thumbs at the top: the minimum can still come down.
    slide(field.maxSlider(), 50)
    slide(field.minSlider(), 50)
    slide(field.minSlider(), 10)
    expect(field.minInput()).toHaveValue(10)
    expect(field.maxInput()).toHaveValue(50)
  })

  it('shows the cover preview, removes it, and asks for an image again (empty → shown → removed)', async () => {
    await openNewLesson()
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()
    await userEvent.upload(field.cover(), pngFile('sunset.png'))
    const preview = await screen.findByRole('img', { name: 'Cover image preview' })
    await waitFor(() => expect(preview).toHaveAttribute('src', 'blob:cover-1'))
    expect(screen.getByText('sunset.png')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()
    expect(objectUrls.revoked).toEqual(['blob:cover-1'])
    expect(field.cover()).toBeInTheDocument()

    await userEvent.click(continueButton())
    expect(await screen.findByText('Please upload an image')).toBeInTheDocument()
  })

  it('takes a dropped image and clears the image error', async () => {
    await openNewLesson()
    await userEvent.click(continueButton())
    await screen.findByText('Please upload an image')
    drop(pngFile('dropped.png'))
    expect(await screen.findByRole('img', { name: 'Cover image preview' })).toBeInTheDocument()
    expect(screen.getByText('dropped.png')).toBeInTheDocument()
    expect(screen.queryByText('Please upload an image')).not.toBeInTheDocument()
  })

  it('refuses a file that is not an image and one over 10 MB (§5)', async () => {
    await openNewLesson()
    drop(new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('Invalid file type.')).toBeInTheDocument()
    expect(errorOf(field.cover())).toBe('Invalid file type.')
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    await userEvent.upload(field.cover(), big)
    expect(await screen.findByText('File is too large. Maximum size is 10MB.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()
    expect(objectUrls.created).toEqual([])
  })

  it('drops a file named as a picture that is none once its preview fails, saying so at the field', async () => {
    await openNewLesson()
    await userEvent.upload(field.cover(), pngFile('fake.png'))
    const preview = await screen.findByRole('img', { name: 'Cover image preview' })
    // The browser cannot decode it (a text file named .png).
    fireEvent.error(preview)
    const unreadable =
      'This file is not a picture that can be shown. Choose a JPEG, PNG, WebP or GIF image.'
    expect(await screen.findByText(unreadable)).toBeInTheDocument()
    expect(errorOf(field.cover())).toBe(unreadable)
    expect(screen.queryByText('fake.png')).not.toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()
    // A real picture is taken again, and the error goes.
    await userEvent.upload(field.cover(), pngFile('sunset.png'))
    expect(await screen.findByText('sunset.png')).toBeInTheDocument()
    expect(screen.queryByText(unreadable)).not.toBeInTheDocument()
  })

  it('revokes the preview when the screen goes', async () => {
    const { unmount } = await openNewLesson()
    await userEvent.upload(field.cover(), pngFile())
    await screen.findByRole('img', { name: 'Cover image preview' })
    unmount()
    expect(objectUrls.revoked).toEqual(objectUrls.created)
    expect(objectUrls.created).toHaveLength(1)
  })

  it('waits for the categories, and offers a retry when they cannot be loaded', async () => {
    server.use(mockEndpoint(categories.listCategories, () => errorResponse(500, 'down')))
    await renderApp(undefined, { url: paths.lesson.create.href(), user: 'educator' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The categories could not be loaded.',
    )
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument()
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('option', { name: 'Languages' })).toBeInTheDocument()
    expect(field.title()).toBeInTheDocument()
  })

  it('shows the drop zone as a drop target while a file is dragged over it', async () => {
    await openNewLesson()
    const zone = screen.getByText(
      'Drag and drop an image here, or click to choose one',
    ).parentElement!
    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'], dropEffect: 'none' } })
    expect(zone).toHaveClass('border-brand-500')
    fireEvent.dragLeave(zone)
    expect(zone).not.toHaveClass('border-brand-500')
  })

  it('speaks Japanese: labels, category titles and messages', async () => {
    await openNewLesson()
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(
      await screen.findByRole('heading', { level: 1, name: '新しいレッスン' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('option', { name: '語学' })).toBeInTheDocument()
    expect(screen.getByRole('slider', { name: '最小定員' })).toHaveAttribute(
      'aria-valuetext',
      '1席',
    )
    await retype(screen.getByRole('textbox', { name: '1時間あたりの料金（USD）' }), '-1')
    await userEvent.click(screen.getByRole('button', { name: '次へ' }))
    expect(await screen.findByText('画像をアップロードしてください')).toBeInTheDocument()
    expect(errorOf(screen.getByRole('textbox', { name: 'タイトル' }))).toBe('必須項目です')
    expect(errorOf(screen.getByRole('textbox', { name: '1時間あたりの料金（USD）' }))).toBe(
      '料金にマイナスの値は指定できません',
    )
  })
})
