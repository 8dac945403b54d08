import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import * as resources from '@contract/descriptors/resources'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { sendUploadsThroughNode } from '@tests/node-uploads'
import { renderApp } from '@tests/render-app'
import {
  field,
  lessonRow,
  openEditLesson,
  openNewLesson,
  pngFile,
  stubObjectUrls,
} from '../lessons/lesson-form-helpers'
import { materialFile } from '../materials/node-uploads'

/**
 * Issue 27 item 12: one user action, one toast. Uploading a file used to say "File uploaded" and
 * then "Resource created"; saving a lesson with a new cover said "Image uploaded" and then
 * "Lesson created", newest on top, so the second event read first.
 */

stubObjectUrls()
sendUploadsThroughNode()
afterEach(() => {
  server.events.removeAllListeners()
})

/** The texts of the toasts on screen. */
const toasts = () =>
  [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent)

/**
 * Waits for the action to be over (`done`), then for `text`: every toast of the action was raised
 * by then, in the order of its events, so any other one would be on screen too.
 */
const toastedOnly = async (text: string, done?: () => Promise<unknown>) => {
  await done?.()
  await screen.findByText(text)
  expect(toasts()).toEqual([text])
}

describe('one toast per action (issue 27, item 12)', () => {
  it('creating a lesson with its cover: "Lesson created", only', async () => {
    await openNewLesson()
    await userEvent.upload(field.cover(), pngFile())
    await userEvent.type(field.title(), 'Ukulele for beginners')
    await userEvent.selectOptions(field.category(), 'Music')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // Saved, it goes on to the edit screen.
    await toastedOnly('Lesson created', () =>
      screen.findByRole('heading', { level: 1, name: 'Update lesson' }),
    )
  })

  it('updating a lesson with a new cover: "Lesson updated", only', async () => {
    const lesson = lessonRow(seedIds.paidLesson)
    await openEditLesson(lesson.id)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }))
    await userEvent.upload(field.cover(), pngFile('new-cover.png'))
    await userEvent.click(screen.getByRole('button', { name: 'Update' }))
    // Saved, it goes on to the lesson's page.
    await toastedOnly('Lesson updated', () =>
      screen.findByRole('heading', { level: 1, name: lesson.title }),
    )
  })

  it('a cover the server refuses: its message, only, and no lesson saved', async () => {
    server.use(
      mockEndpoint(lessons.uploadLessonImage, () => errorResponse(415, 'Invalid file type.')),
    )
    await openNewLesson()
    await userEvent.upload(field.cover(), pngFile())
    await userEvent.type(field.title(), 'Ukulele for beginners')
    await userEvent.selectOptions(field.category(), 'Music')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await toastedOnly('Invalid file type.')
  })

  describe('uploading a material file', () => {
    const openEditor = async () => {
      await renderApp(<MaterialsEditor lessonId={seedIds.paidLesson} />, { user: 'educator' })
      await screen.findByRole('region', { name: 'Materials' })
    }
    const upload = async (name: string) => {
      const user = userEvent.setup({ applyAccept: false })
      const form = within(screen.getByRole('form', { name: 'Upload a file' }))
      await user.upload(form.getByLabelText('Choose a file'), materialFile(name))
      await user.click(form.getByRole('button', { name: 'Upload' }))
    }

    it('says "File uploaded successfully" once the material is listed, only', async () => {
      await openEditor()
      await upload('Week 1 notes.pdf')
      // Listed once the material is made from the upload.
      await toastedOnly('File uploaded successfully', () =>
        screen.findByRole('button', { name: 'Rename Week 1 notes.pdf' }),
      )
    })

    it('says why when the material cannot be made from the upload, only', async () => {
      server.use(
        mockEndpoint(resources.createResource, () =>
          errorResponse(400, ['fileId must name a file uploaded to this lesson']),
        ),
      )
      await openEditor()
      await upload('notes.pdf')
      await toastedOnly('fileId must name a file uploaded to this lesson')
    })
  })
})
