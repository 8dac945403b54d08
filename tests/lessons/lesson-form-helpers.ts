import { screen } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { db } from '@/mocks/db'
import { paths } from '@/shared/config/paths'
import { renderApp, type TestUser } from '@tests/render-app'

/** The first bytes of a PNG: the mock tells an image by them, as the server does. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

export const pngFile = (name = 'cover.png') => new File([PNG_BYTES], name, { type: 'image/png' })

export const lessonRow = (id: number) => db.lessons.find((lesson) => lesson.id === id)!

/**
 * The test environment has no object URLs: each test gets numbered ones (blob:cover-1, …) and a
 * record of the ones revoked; the environment's own (absent) methods come back afterwards.
 */
export const stubObjectUrls = () => {
  const names = ['createObjectURL', 'revokeObjectURL'] as const
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(URL, name))
  const state = { created: [] as string[], revoked: [] as string[] }
  beforeEach(() => {
    state.created.length = 0
    state.revoked.length = 0
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:cover-${state.created.length + 1}`
      state.created.push(url)
      return url
    })
    URL.revokeObjectURL = vi.fn((url: string) => {
      state.revoked.push(url)
    })
  })
  afterEach(() => {
    names.forEach((name, index) => {
      const descriptor = saved[index]
      if (descriptor) Object.defineProperty(URL, name, descriptor)
      else Reflect.deleteProperty(URL, name)
    })
  })
  return state
}

export const openNewLesson = async (user: TestUser = 'educator') => {
  const result = await renderApp(undefined, { url: paths.lesson.create.href(), user })
  await screen.findByRole('heading', { level: 1, name: 'New lesson' })
  return result
}

export const openEditLesson = async (id: number | string, user: TestUser | null = 'educator') =>
  renderApp(undefined, { url: paths.lesson.edit.href(id), user })

export const field = {
  cover: () => screen.getByLabelText(/Cover image/),
  title: () => screen.getByRole('textbox', { name: 'Title' }),
  category: () => screen.getByRole('combobox', { name: 'Category' }),
  price: () => screen.getByRole('textbox', { name: 'Price per hour (USD)' }),
  minSlider: () => screen.getByRole('slider', { name: 'Minimum seats' }),
  maxSlider: () => screen.getByRole('slider', { name: 'Maximum seats' }),
  minInput: () => screen.getByRole('spinbutton', { name: 'Minimum seats' }),
  maxInput: () => screen.getByRole('spinbutton', { name: 'Maximum seats' }),
  about: () => screen.getByRole('textbox', { name: 'About' }),
  details: () => screen.getByRole('textbox', { name: 'Details' }),
}

/** The text of a field's error, through its aria-describedby. */
export const errorOf = (element: HTMLElement) => {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.id.endsWith('-error'))
    .map((node) => node!.textContent)
    .join(' ')
}
