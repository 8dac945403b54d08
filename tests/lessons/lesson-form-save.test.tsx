import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { apiUrl, errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { toLesson } from '@/mocks/serializers'
import { LessonForm } from '@/features/lessons/components/lesson-form'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { isCallOf, pathOf, recordBodies, recordRequestedPaths } from '@tests/request-log'
import { sendUploadsThroughNode } from '@tests/node-uploads'
import {
  field,
  lessonRow,
  openEditLesson,
  openNewLesson,
  pngFile,
  stubObjectUrls,
} from './lesson-form-helpers'
import { withReference } from '@tests/server-failure'

const requested = recordRequestedPaths()
stubObjectUrls()
sendUploadsThroughNode()

afterEach(() => {
  server.events.removeAllListeners()
})

/** How many times each call was made, by method and descriptor. */
const countCalls = (descriptor: Parameters<typeof isCallOf>[0]) => {
  const calls = { count: 0 }
  server.events.on('request:start', ({ request }) => {
    if (isCallOf(descriptor, request)) calls.count += 1
  })
  return calls
}

const fillNewLesson = async () => {
  await userEvent.upload(field.cover(), pngFile())
  await userEvent.type(field.title(), 'Ukulele for beginners')
  await userEvent.selectOptions(field.category(), 'Music')
  await userEvent.clear(field.price())
  await userEvent.type(field.price(), '12.5')
  await userEvent.clear(field.maxInput())
  await userEvent.type(field.maxInput(), '6')
}

const toast = (text: string) => screen.findByText(text)
/** The form's own alert (toasts are alerts too). */
const formAlert = () =>
  waitFor(() => {
    const alert = screen.getAllByRole('alert').find((element) => !element.closest('.Toastify'))
    expect(alert).toBeDefined()
    return alert!
  })

describe('creating a lesson (§4)', () => {
  it('uploads the image first, saves the lesson and goes on to its edit screen', async () => {
    const bodies = recordBodies(lessons.createLesson)
    const { router } = await openNewLesson()
    await fillNewLesson()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await toast('Lesson created')).toBeInTheDocument()
    const created = db.lessons.at(-1)!
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.lesson.edit.href(created.id)),
    )
    expect(requested.indexOf(pathOf(lessons.uploadLessonImage))).toBeLessThan(
      requested.indexOf(pathOf(lessons.createLesson)),
    )
    const image = db.files.at(-1)!
    expect(bodies).toEqual([
      {
        title: 'Ukulele for beginners',
        categoryId: seedIds.categories.music,
        price_in_cents: 1250,
        min_slots: 1,
        max_slots: 6,
        about: '',
        details: '',
        imageId: image.id,
        files: [],
        sessions: [],
      },
    ])
    expect(created).toMatchObject({ ownerId: seedIds.educator, imageId: image.id })

    // The edit screen: first time through, so Publish, with about and details to fill in.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update lesson' }),
    ).toBeInTheDocument()
    expect(field.title()).toHaveValue('Ukulele for beginners')
    expect(field.price()).toHaveValue('12.50')
    expect(field.about()).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
      'src',
      apiUrl(pathOf(lessons.lessonImage, { id: created.id })),
    )
    expect(screen.getByRole('link', { name: /Back to the lesson/ })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(created.id),
    )
  })

  it('shows the server message of a failed upload and saves nothing', async () => {
    server.use(
      mockEndpoint(lessons.uploadLessonImage, () => errorResponse(415, 'Invalid file type.')),
    )
    const { router } = await openNewLesson()
    await fillNewLesson()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await toast('Invalid file type.')).toBeInTheDocument()
    expect(requested).not.toContain(pathOf(lessons.createLesson))
    expect(router.state.location.pathname).toBe(paths.lesson.create.href())
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled()
  })

  it('says when the upload fails without a message', async () => {
    server.use(mockEndpoint(lessons.uploadLessonImage, () => errorResponse(500, [])))
    await openNewLesson()
    await fillNewLesson()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(
      await screen.findByText(withReference('The image could not be uploaded')),
    ).toBeInTheDocument()
  })

  it('says the lesson was not saved, and a retry keeps the image already uploaded', async () => {
    server.use(
      mockEndpoint(lessons.createLesson, () => errorResponse(500, 'Internal Server Error'), {
        once: true,
      }),
    )
    const uploads = countCalls(lessons.uploadLessonImage)
    const { router } = await openNewLesson()
    await fillNewLesson()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await formAlert()).toHaveTextContent('The new lesson could not be saved.')
    expect(router.state.location.pathname).toBe(paths.lesson.create.href())

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/lesson\/\d+\/edit$/))
    expect(uploads.count).toBe(1)
  })

  it('lists every line of a 400 answer', async () => {
    server.use(
      mockEndpoint(lessons.createLesson, () =>
        errorResponse(400, ['Category does not exist', 'max_slots must be at least min_slots']),
      ),
    )
    await openNewLesson()
    await fillNewLesson()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = await formAlert()
    expect(alert).toHaveTextContent('Lesson creation, update failed')
    expect(within(alert).getByText('Category does not exist')).toBeInTheDocument()
    expect(within(alert).getByText('max_slots must be at least min_slots')).toBeInTheDocument()
  })
})

describe('editing a lesson (§4)', () => {
  it('loads the lesson: price divided by 100, seats, texts and the current cover', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    await openEditLesson(lesson.id)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update lesson' }),
    ).toBeInTheDocument()
    expect(field.title()).toHaveValue(lesson.title)
    expect(field.category()).toHaveDisplayValue('Languages')
    expect(field.price()).toHaveValue('20')
    expect(field.minInput()).toHaveValue(lesson.min_slots)
    expect(field.maxInput()).toHaveValue(lesson.max_slots)
    expect(field.maxSlider()).toHaveValue(String(lesson.max_slots))
    expect(field.about()).toHaveValue(lesson.about)
    expect(field.details()).toHaveValue(lesson.details)
    expect(screen.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
      'src',
      apiUrl(pathOf(lessons.lessonImage, { id: lesson.id })),
    )
    expect(screen.getByRole('link', { name: /Back to the lesson/ })).toHaveAttribute(
      'href',
      paths.lesson.detail.href(lesson.id),
    )
    // A listed lesson is updated, not published.
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument()
  })

  it('updates it and shows the lesson page with a toast', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    const bodies = recordBodies(lessons.updateLesson)
    const { router } = await openEditLesson(lesson.id)
    await screen.findByRole('button', { name: 'Update' })
    await userEvent.clear(field.title())
    await userEvent.type(field.title(), 'Japanese small talk')
    await userEvent.clear(field.price())
    await userEvent.type(field.price(), '25.75')
    await userEvent.click(screen.getByRole('button', { name: 'Update' }))

    expect(await toast('Lesson updated')).toBeInTheDocument()
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.lesson.detail.href(lesson.id)),
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Japanese small talk' }),
    ).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ title: 'Japanese small talk', price_in_cents: 2575 })
    // The cover was kept: no upload and no imageId sent.
    expect(bodies[0]).not.toHaveProperty('imageId')
    expect(requested).not.toContain(pathOf(lessons.uploadLessonImage))
    expect(lessonRow(lesson.id)).toMatchObject({
      title: 'Japanese small talk',
      price_in_cents: 2575,
    })
  })

  it('publishes a lesson that has no about yet, once about and details are filled in', async () => {
    const lesson = lessonRow(seedIds.lessonWithoutSessions)
    lesson.about = ''
    lesson.details = ''
    const updates = countCalls(lessons.updateLesson)
    const { router } = await openEditLesson(lesson.id)
    const publish = await screen.findByRole('button', { name: 'Publish' })
    await userEvent.click(publish)
    await waitFor(() => expect(field.about()).toHaveAttribute('aria-invalid', 'true'))
    expect(field.details()).toHaveAttribute('aria-invalid', 'true')
    expect(updates.count).toBe(0)

    await userEvent.type(field.about(), 'Brush strokes for adults.')
    await userEvent.type(field.details(), 'Bring ink, a brush and paper.')
    await userEvent.click(publish)
    expect(await toast('Lesson updated')).toBeInTheDocument()
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.lesson.detail.href(lesson.id)),
    )
    expect(lessonRow(lesson.id)).toMatchObject({
      about: 'Brush strokes for adults.',
      details: 'Bring ink, a brush and paper.',
    })
  })

  it('asks for an image once the current cover is removed, and uploads the new one', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    const bodies = recordBodies(lessons.updateLesson)
    await openEditLesson(lesson.id)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }))
    await userEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Please upload an image')).toBeInTheDocument()

    await userEvent.upload(field.cover(), pngFile('new-cover.png'))
    expect(screen.queryByText('Please upload an image')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(await toast('Lesson updated')).toBeInTheDocument()
    const image = db.files.at(-1)!
    expect(image.filename).toBe('new-cover.png')
    expect(bodies[0]).toMatchObject({ imageId: image.id })
    expect(lessonRow(lesson.id).imageId).toBe(image.id)
  })

  it('shows the overlap message on a 409 Conflict and stays on the form', async () => {
    server.use(mockEndpoint(lessons.updateLesson, () => errorResponse(409, 'Sessions overlap')))
    const { router } = await openEditLesson(seedIds.paidLesson)
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }))
    expect(await formAlert()).toHaveTextContent(
      'Probably one of session overlaps please check session date again',
    )
    expect(router.state.location.pathname).toBe(paths.lesson.edit.href(seedIds.paidLesson))
  })

  it("says why a maximum below the seats taken is refused, in the reader's language", async () => {
    server.use(
      mockEndpoint(lessons.updateLesson, () =>
        errorResponse(409, MESSAGES.lessons.maxBelowSeatsTaken({ count: 2 })),
      ),
    )
    const { router } = await openEditLesson(seedIds.paidLesson)
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }))
    expect(await formAlert()).toHaveTextContent(
      'A session that has not ended has 2 seats taken: the maximum cannot be lower.',
    )
    expect(router.state.location.pathname).toBe(paths.lesson.edit.href(seedIds.paidLesson))
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(await formAlert()).toHaveTextContent('終了していないセッションで2席が埋まっています。')
  })

  it('shows every message of a 400 answer, and the update failure otherwise', async () => {
    server.use(
      mockEndpoint(
        lessons.updateLesson,
        () => errorResponse(400, ['title is required', 'Category does not exist']),
        { once: true },
      ),
      mockEndpoint(lessons.updateLesson, () =>
        errorResponse(403, 'You are not the owner of this lesson'),
      ),
    )
    await openEditLesson(seedIds.paidLesson)
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }))
    const alert = await formAlert()
    expect(alert).toHaveTextContent('Lesson creation, update failed')
    expect(within(alert).getByText('title is required')).toBeInTheDocument()
    expect(within(alert).getByText('Category does not exist')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Update' }))
    await waitFor(async () =>
      expect(await formAlert()).toHaveTextContent('The lesson could not be updated.'),
    )
    const failure = await formAlert()
    expect(failure).toHaveTextContent('You are not the owner of this lesson')
    expect(failure).not.toHaveTextContent('title is required')
  })

  it('shows a retry when the lesson cannot be loaded', async () => {
    server.use(mockEndpoint(lessons.getLesson, () => errorResponse(500, 'down')))
    await openEditLesson(seedIds.paidLesson)
    expect(await screen.findByRole('alert')).toHaveTextContent('The lesson could not be loaded.')
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument()
  })
})

describe('who may edit a lesson (§2, §4, §6)', () => {
  it('sends another educator to /unauthorized', async () => {
    const { router } = await openEditLesson(seedIds.freeLesson)
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(paths.unauthorized.href())
  })

  it.each(['admin', 'student'] as const)('sends %s to /unauthorized', async (user) => {
    const { router } = await openEditLesson(seedIds.paidLesson, user)
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(paths.unauthorized.href())
  })

  it('shows a guest the guest page of that lesson, with the login link', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    const { router } = await openEditLesson(lesson.id, null)
    expect(await screen.findByRole('heading', { level: 1, name: lesson.title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(paths.lesson.edit.href(lesson.id))
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument()
    expect(requested).not.toContain(pathOf(lessons.getLesson, { id: lesson.id }))
  })

  it('keeps the waiting message for an educator not approved yet', async () => {
    await openEditLesson(seedIds.paidLesson, 'unverifiedEducator')
    expect(
      await screen.findByRole('heading', { name: 'Your account is not approved yet' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument()
  })

  it('shows the not-found page for an unknown lesson', async () => {
    await openEditLesson(999_999)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('says an id that is not one is missing or not valid', async () => {
    await openEditLesson('abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText('Id is missing or not valid')).toBeVisible()
  })
})

describe('the sessions and materials slots', () => {
  const slots = {
    sessionsSection: (
      <section aria-label="Sessions editor">
        <form aria-label="Add a session" onSubmit={(event) => event.preventDefault()}>
          <button type="submit">Add session</button>
        </form>
      </section>
    ),
    materialsSection: <section aria-label="Materials editor" />,
  }

  it('shows them in edit mode after about and details, outside the lesson form, before Update', async () => {
    const lesson = toLesson(lessonRow(seedIds.paidLesson))
    const updates = countCalls(lessons.updateLesson)
    await renderApp(<LessonForm lesson={lesson} {...slots} />, { user: 'educator' })
    const sessions = await screen.findByRole('region', { name: 'Sessions editor' })
    const materials = screen.getByRole('region', { name: 'Materials editor' })
    const lessonForm = screen.getByRole('form', { name: 'Update lesson' })
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
    expect(follows(field.details(), sessions)).toBe(true)
    expect(follows(sessions, materials)).toBe(true)
    expect(follows(materials, screen.getByRole('button', { name: 'Update' }))).toBe(true)
    expect(lessonForm).not.toContainElement(sessions)

    // A session form submits itself only, not the lesson.
    await userEvent.click(screen.getByRole('button', { name: 'Add session' }))
    expect(updates.count).toBe(0)
    // The Update button, outside the form, still submits the lesson.
    await userEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Lesson updated')).toBeInTheDocument()
    expect(updates.count).toBe(1)
  })

  it('leaves them out when creating', async () => {
    await renderApp(<LessonForm {...slots} />, { user: 'educator' })
    await screen.findByRole('heading', { level: 1, name: 'New lesson' })
    expect(screen.queryByRole('region', { name: 'Sessions editor' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Materials editor' })).not.toBeInTheDocument()
  })
})
