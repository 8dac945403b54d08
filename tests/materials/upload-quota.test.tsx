import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import * as resources from '@contract/descriptors/resources'
import { MESSAGES, messageFields } from '@contract/messages'
import { DEFAULT_UPLOAD_QUOTA_MB, MB_BYTES } from '@contract/rules'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { db, seedIds } from '@/mocks/db'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { sendUploadsThroughNode } from '@tests/node-uploads'
import { call, fileUpload, imageUpload, refused } from '../mocks/helpers'
import { field, openNewLesson, pngFile, stubObjectUrls } from '../lessons/lesson-form-helpers'
import { materialFile } from './node-uploads'

/**
 * An educator's uploads, used or not, may take up the storage quota (1 GB unless configured) in
 * all: the mock refuses the upload that would cross it as the server does (413, the quota beside
 * the message), and the screens say so in the reader's language.
 */
stubObjectUrls()
sendUploadsThroughNode()

const QUOTA = DEFAULT_UPLOAD_QUOTA_MB * MB_BYTES
const NOTES = new TextEncoder().encode('%PDF-1.4 notes')

/** The seeded educator's earlier uploads take up all but `free` bytes of the quota. */
const fillQuota = (free: number) => {
  const used = db.files
    .filter((file) => file.ownerId === seedIds.educator)
    .reduce((sum, file) => sum + file.bytes.length, 0)
  db.files.push({
    id: 90_000,
    kind: 'material',
    filename: 'archive.pdf',
    contentType: 'application/pdf',
    // Zeroes the system gives lazily: a gigabyte that costs no memory until written.
    bytes: new Uint8Array(QUOTA - used - free),
    ownerId: seedIds.educator,
    lessonId: seedIds.paidLesson,
  })
}

describe('the mock catalogue, as the server', () => {
  it('takes an upload that just fits and refuses the one that would cross the quota', async () => {
    fillQuota(NOTES.length)
    const count = db.files.length
    const over = new TextEncoder().encode('%PDF-1.4 notes!')
    for (const answer of [
      await refused(resources.uploadResourceFile, {
        params: { id: seedIds.paidLesson },
        as: seedIds.educator,
        upload: fileUpload('over.pdf', over),
      }),
      await refused(lessons.uploadLessonImage, { as: seedIds.educator, upload: imageUpload() }),
    ]) {
      expect(answer.status).toBe(413)
      expect(answer.body).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        ...messageFields(MESSAGES.uploads.quotaExceeded({ quota: '1 GB' })),
        storageQuotaMb: DEFAULT_UPLOAD_QUOTA_MB,
        requestId: expect.any(String) as string,
      })
    }
    expect(db.files).toHaveLength(count)

    const fits = await call(resources.uploadResourceFile, {
      params: { id: seedIds.paidLesson },
      as: seedIds.educator,
      upload: fileUpload('fits.pdf', NOTES),
    })
    expect(fits.status).toBe(201)
    expect(db.files).toHaveLength(count + 1)
  })
})

describe('a full storage quota on screen', () => {
  it('is told when a material file is uploaded, in English and in Japanese', async () => {
    fillQuota(0)
    const user = userEvent.setup({ applyAccept: false })
    await renderApp(<MaterialsEditor lessonId={seedIds.paidLesson} />, { user: 'educator' })
    await screen.findByRole('region', { name: 'Materials' })
    const form = () => screen.getByRole('form', { name: /Upload a file|ファイルをアップロード/ })

    await user.upload(within(form()).getByLabelText('Choose a file'), materialFile('a.pdf'))
    await user.click(within(form()).getByRole('button', { name: 'Upload' }))
    expect(
      await screen.findByText(
        'Not enough storage space: your uploaded files may take up 1 GB in all. Remove materials you no longer need, then try again.',
      ),
    ).toBeVisible()

    await act(() => i18n.changeLanguage('jp-JP'))
    await user.upload(within(form()).getByLabelText('ファイルを選択'), materialFile('b.pdf'))
    await user.click(within(form()).getByRole('button', { name: 'アップロード' }))
    expect(
      await screen.findByText(
        '保存容量が足りません。アップロードできるファイルは合計 1 GB までです。不要な教材を削除してから、もう一度お試しください。',
      ),
    ).toBeVisible()
  })

  it('is told when a new lesson is saved with a cover', async () => {
    fillQuota(0)
    await openNewLesson()
    await userEvent.upload(field.cover(), pngFile())
    await userEvent.type(field.title(), 'Ukulele for beginners')
    await userEvent.selectOptions(field.category(), 'Music')
    await userEvent.clear(field.price())
    await userEvent.type(field.price(), '12.5')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(
      await screen.findByText(
        'Not enough storage space: your uploaded files may take up 1 GB in all. Remove materials you no longer need, then try again.',
      ),
    ).toBeVisible()
    expect(db.lessons.some((lesson) => lesson.title === 'Ukulele for beginners')).toBe(false)
  })
})
