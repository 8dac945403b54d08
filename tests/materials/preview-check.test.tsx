import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as resources from '@contract/descriptors/resources'
import type { ResourceType } from '@contract/index'
import { MaterialList } from '@/features/materials/components/material-list'
import { db, nextId, seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { PNG_BYTES } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'
import { pathOf } from '@tests/request-log'

/**
 * Issue 27 item 17, §8 'Could not load file': a file is checked before it is handed to the
 * browser's viewer, so a broken PDF says so in the product's words instead of showing Chromium's
 * "Failed to load PDF document" inside the dialog.
 */

const lessonId = seedIds.paidLesson
const encode = (text: string) => new TextEncoder().encode(text)

/** A file material of lesson 1 with these bytes, served with this content type. */
const addFile = (title: string, filename: string, contentType: string, bytes: Uint8Array) => {
  const fileId = nextId(db.files)
  db.files.push({
    id: fileId,
    kind: 'material',
    filename,
    contentType,
    bytes: bytes as Uint8Array<ArrayBuffer>,
    ownerId: seedIds.educator,
    lessonId,
  })
  db.resources.push({
    id: nextId(db.resources),
    lessonId,
    title,
    type: 'document' satisfies ResourceType,
    url: pathOf(resources.downloadFile, { fileId }),
    description: '',
    fileId,
  })
}

const saved = (['createObjectURL', 'revokeObjectURL'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
)
beforeEach(() => {
  let made = 0
  URL.createObjectURL = vi.fn(() => `blob:preview-${++made}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  server.events.removeAllListeners()
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(URL, name, descriptor)
    else Reflect.deleteProperty(URL, name)
  }
})

const preview = async (title: string) => {
  const user = userEvent.setup()
  await renderApp(<MaterialList lessonId={lessonId} />, { user: 'student' })
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${title} `) }))
  return within(await screen.findByRole('dialog', { name: `Preview: ${title}` }))
}

describe('a file checked before it is previewed (issue 27, item 17)', () => {
  it.each([
    [
      'a PDF that is an HTML page',
      'notes.pdf',
      'application/pdf',
      encode('<html>Not found</html>'),
    ],
    ['an empty PDF', 'empty.pdf', 'application/pdf', new Uint8Array()],
    ['a PDF without its header', 'cut.pdf', 'application/octet-stream', encode('1 0 obj <<>>')],
  ])('%s: "Could not load file", no viewer', async (_name, filename, type, bytes) => {
    addFile('Broken notes', filename, type, bytes)
    const dialog = await preview('Broken notes')
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not load file')
    expect(dialog.queryByTitle('Broken notes')).not.toBeInTheDocument()
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('an image whose bytes are no image: said at once, never shown', async () => {
    addFile('Stroke order', 'stroke-order.png', 'image/png', encode('GIF? no: text'))
    const dialog = await preview('Stroke order')
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not load file')
    expect(dialog.queryByRole('img')).not.toBeInTheDocument()
  })

  it('a text file that is binary: said, not shown as garbage', async () => {
    addFile('Vocabulary', 'vocabulary.txt', 'text/plain', new Uint8Array([0x4d, 0x5a, 0, 0, 0xff]))
    const dialog = await preview('Vocabulary')
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not load file')
    expect(dialog.queryByLabelText('Vocabulary')).not.toBeInTheDocument()
  })

  it('in Japanese too', async () => {
    await i18n.changeLanguage('jp-JP')
    addFile('Broken notes', 'notes.pdf', 'application/pdf', encode('<html></html>'))
    const user = userEvent.setup()
    await renderApp(<MaterialList lessonId={lessonId} />, { user: 'student' })
    await user.click(await screen.findByRole('button', { name: /^Broken notes / }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByRole('alert')).toHaveTextContent('ファイルを読み込めませんでした')
  })

  it('shows a PDF that starts as one', async () => {
    addFile('Real notes', 'real.pdf', 'application/pdf', encode('%PDF-1.7\n%%EOF'))
    const dialog = await preview('Real notes')
    expect(dialog.getByTitle('Real notes').tagName).toBe('IFRAME')
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a PNG that starts as one', async () => {
    addFile('Stroke order', 'stroke-order.png', 'image/png', PNG_BYTES)
    const dialog = await preview('Stroke order')
    expect(dialog.getByRole('img', { name: 'Stroke order' })).toBeInTheDocument()
  })
})
