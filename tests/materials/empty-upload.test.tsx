import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Descriptor } from '@contract/descriptor'
import * as lessons from '@contract/descriptors/lessons'
import * as resources from '@contract/descriptors/resources'
import { MESSAGES } from '@contract/messages'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'
import { fileUpload, imageUpload, refused } from '../mocks/helpers'
import { errorOf, field, openNewLesson, stubObjectUrls } from '../lessons/lesson-form-helpers'
import { materialFile } from './node-uploads'

/**
 * A file of 0 bytes is no file (§5): the screens say so in the reader's language before sending
 * it, and both backends refuse it with a 400 if it is sent anyway (never the server's 500).
 */
const objectUrls = stubObjectUrls()

/** The calls of `descriptor` made from now on. */
const callsOf = (descriptor: Descriptor) => {
  const calls: string[] = []
  server.events.on('request:start', ({ request }) => {
    if (isCallOf(descriptor, request)) calls.push(request.url)
  })
  return calls
}

afterEach(() => {
  server.events.removeAllListeners()
})

describe('an empty material file', () => {
  const uploadForm = () => screen.getByRole('form', { name: 'Upload a file' })

  it('is refused before it is sent, in English and in Japanese', async () => {
    const calls = callsOf(resources.uploadResourceFile)
    const user = userEvent.setup({ applyAccept: false })
    await renderApp(<MaterialsEditor lessonId={seedIds.paidLesson} />, { user: 'educator' })
    await screen.findByRole('region', { name: 'Materials' })
    await user.upload(
      within(uploadForm()).getByLabelText('Choose a file'),
      materialFile('e.pdf', 0),
    )
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent(
      'File is empty (0 bytes). Choose a file with content.',
    )
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(calls).toEqual([])

    await act(() => i18n.changeLanguage('jp-JP'))
    expect(
      within(screen.getByRole('form', { name: 'ファイルをアップロード' })).getByRole('alert'),
    ).toHaveTextContent('ファイルが空です（0 バイト）。中身のあるファイルを選んでください。')
  })
})

describe('an empty cover image', () => {
  it('is refused before it is sent, in English and in Japanese', async () => {
    const calls = callsOf(lessons.uploadLessonImage)
    await openNewLesson()
    await userEvent.upload(field.cover(), new File([], 'empty.png', { type: 'image/png' }))
    expect(
      await screen.findByText('File is empty (0 bytes). Choose an image with content.'),
    ).toBeInTheDocument()
    expect(errorOf(field.cover())).toBe('File is empty (0 bytes). Choose an image with content.')
    expect(screen.queryByRole('img', { name: 'Cover image preview' })).not.toBeInTheDocument()
    expect(objectUrls.created).toEqual([])
    expect(calls).toEqual([])

    const cover = field.cover()
    await act(() => i18n.changeLanguage('jp-JP'))
    await userEvent.upload(cover, new File([], 'empty.png', { type: 'image/png' }))
    expect(
      await screen.findByText('ファイルが空です（0 バイト）。中身のある画像を選んでください。'),
    ).toBeInTheDocument()
  })
})

describe('the mock catalogue, as the server', () => {
  it('refuses an empty material and an empty cover with 400 and §5-style words', async () => {
    const empty = new Uint8Array(0)
    for (const answer of [
      await refused(resources.uploadResourceFile, {
        params: { id: seedIds.paidLesson },
        as: seedIds.educator,
        upload: fileUpload('empty.txt', empty),
      }),
      await refused(lessons.uploadLessonImage, {
        as: seedIds.educator,
        upload: imageUpload('empty.png', empty),
      }),
    ]) {
      expect(answer.status).toBe(400)
      expect(answer.body.message).toEqual([MESSAGES.uploads.empty.text])
    }
  })
})
