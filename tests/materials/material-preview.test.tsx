import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as resources from '@contract/descriptors/resources'
import type { ResourceType } from '@contract/index'
import { MaterialList } from '@/features/materials/components/material-list'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { db, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { PNG_BYTES } from '@tests/mocks/helpers'
import { renderApp, type TestUser } from '@tests/render-app'
import { apiPathOf, pathOf } from '@tests/request-log'

const lessonId = seedIds.paidLesson

/** Adds a file material to lesson 1, as if its owner had uploaded it. */
const addFileMaterial = (
  title: string,
  filename: string,
  contentType: string,
  bytes: Uint8Array<ArrayBuffer>,
  type: ResourceType,
) => {
  const fileId = nextId(db.files)
  db.files.push({
    id: fileId,
    kind: 'material',
    filename,
    contentType,
    bytes,
    ownerId: seedIds.educator,
    lessonId,
  })
  db.resources.push({
    id: nextId(db.resources),
    lessonId,
    title,
    type,
    url: pathOf(resources.downloadFile, { fileId }),
    description: '',
    fileId,
  })
  return fileId
}

const renderList = async (user: TestUser = 'student') => {
  await renderApp(<MaterialList lessonId={lessonId} />, { user })
  return within(await screen.findByRole('list', { name: 'Materials' }))
}

const openFile = (title: string) =>
  screen.getByRole('button', { name: `${title} (preview or download)` })

const objectUrlMethods = ['createObjectURL', 'revokeObjectURL'] as const
const objectUrlDescriptors = objectUrlMethods.map((name) =>
  Object.getOwnPropertyDescriptor(URL, name),
)

// jsdom has no object URLs: each one made is recorded, with the Blob behind it.
let blobs: Blob[]
let revoked: string[]
beforeEach(() => {
  blobs = []
  revoked = []
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob)
    return `blob:material-${blobs.length}`
  })
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url)
  })
})
afterEach(() => {
  server.events.removeAllListeners()
  objectUrlMethods.forEach((name, index) => {
    const descriptor = objectUrlDescriptors[index]
    if (descriptor) Object.defineProperty(URL, name, descriptor)
    else Reflect.deleteProperty(URL, name)
  })
})

describe('previewing a file material', () => {
  it('shows a PDF in a dialog, fetched through the API, and frees it when closed', async () => {
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      requested.push(apiPathOf(request.url))
    })
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Hiragana chart'))

    const dialog = await screen.findByRole('dialog', { name: 'Preview: Hiragana chart' })
    const frame = within(dialog).getByTitle('Hiragana chart')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'blob:material-1')
    expect(blobs[0]!.type).toBe('application/pdf')
    expect(await blobs[0]!.text()).toMatch(/^%PDF-/)
    expect(requested).toContain(pathOf(resources.downloadFile, { fileId: seedIds.materialFile }))
    // It can be saved from the preview under its own name.
    const save = within(dialog).getByRole('link', { name: 'Download' })
    expect(save).toHaveAttribute('href', 'blob:material-1')
    expect(save).toHaveAttribute('download', 'hiragana-chart.pdf')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(revoked).toEqual(['blob:material-1'])
    expect(openFile('Hiragana chart')).toHaveFocus()
  })

  it('shows an image with its title as alternative text', async () => {
    addFileMaterial('Stroke order', 'stroke-order.png', 'image/png', PNG_BYTES, 'other')
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Stroke order'))
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Stroke order' })
    expect(within(dialog).getByRole('img', { name: 'Stroke order' })).toHaveAttribute(
      'src',
      'blob:material-1',
    )
    expect(blobs[0]!.type).toBe('image/png')
  })

  it('says it could not load the file when the image cannot be shown', async () => {
    // It starts as a PNG, so it is handed to the browser, which cannot decode the rest.
    const truncated = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    addFileMaterial('Broken', 'broken.png', 'image/png', truncated, 'other')
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Broken'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Broken' }))
    // The browser reports an image it cannot decode with an error event.
    dialog.getByRole('img', { name: 'Broken' }).dispatchEvent(new Event('error'))
    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not load file')
    expect(dialog.queryByRole('img')).not.toBeInTheDocument()
  })

  it('shows a text file as text, never as markup', async () => {
    addFileMaterial(
      'Vocabulary',
      'vocabulary.txt',
      'text/plain',
      new TextEncoder().encode('neko: cat\n<b>inu</b>: dog'),
      'text',
    )
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Vocabulary'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Vocabulary' }))
    const text = dialog.getByLabelText('Vocabulary')
    expect(text.tagName).toBe('PRE')
    expect(text.textContent).toBe('neko: cat\n<b>inu</b>: dog')
    expect(text.querySelector('b')).toBeNull()
  })

  it('downloads a Word document under its name instead of previewing it', async () => {
    addFileMaterial(
      'Syllabus',
      'syllabus.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      new TextEncoder().encode('PK word'),
      'document',
    )
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`)
    })
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Syllabus'))
    await waitFor(() => expect(downloads).toEqual(['syllabus.docx blob:material-1']))
    expect(await blobs[0]!.text()).toBe('PK word')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(revoked).toEqual(['blob:material-1']))
  })

  it('keeps a Japanese file name when saving (the UTF-8 form of Content-Disposition)', async () => {
    addFileMaterial(
      'Vocabulary sheet',
      '語彙リスト.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      new TextEncoder().encode('PK sheet'),
      'document',
    )
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download)
    })
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Vocabulary sheet'))
    await waitFor(() => expect(downloads).toEqual(['語彙リスト.xlsx']))
  })

  it('says "Could not load file" when the file cannot be fetched', async () => {
    server.use(mockEndpoint(resources.downloadFile, () => errorResponse(404, 'File not found')))
    const user = userEvent.setup()
    await renderList()
    await user.click(openFile('Hiragana chart'))
    expect(await screen.findByText('Could not load file')).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(blobs).toEqual([])
    // The button works again for another try.
    expect(openFile('Hiragana chart')).toBeEnabled()
  })

  it('says it in Japanese too', async () => {
    await i18n.changeLanguage('jp-JP')
    server.use(mockEndpoint(resources.downloadFile, () => errorResponse(500, 'boom')))
    const user = userEvent.setup()
    await renderApp(<MaterialList lessonId={lessonId} />, { user: 'student' })
    await user.click(
      await screen.findByRole('button', {
        name: 'Hiragana chart （プレビューまたはダウンロード）',
      }),
    )
    expect(await screen.findByText('ファイルを読み込めませんでした')).toBeVisible()
  })

  it('previews from the editor as well, for the owner', async () => {
    const user = userEvent.setup()
    await renderApp(<MaterialsEditor lessonId={lessonId} />, { user: 'educator' })
    await user.click(await screen.findByRole('button', { name: 'Open Hiragana chart' }))
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Hiragana chart' })
    expect(within(dialog).getByTitle('Hiragana chart')).toHaveAttribute('src', 'blob:material-1')
  })
})

describe('links in the read-only list', () => {
  it.each(['javascript:alert(1)', ' JaVaScript:alert(1)', 'data:text/html,<script>x</script>'])(
    'shows a saved %j as text only, never as a link',
    async (url) => {
      db.resources.push({
        id: nextId(db.resources),
        lessonId,
        title: 'Free kanji',
        type: 'link',
        url,
        description: 'Click me',
        fileId: null,
      })
      const list = await renderList()
      const item = list.getByText('Free kanji').closest('li')!
      expect(within(item).queryByRole('link')).not.toBeInTheDocument()
      expect(within(item).getByText(url.trim())).toBeInTheDocument()
      expect(
        within(item).getByText(
          'Not a web address (only http and https links open), so it is shown as text only.',
        ),
      ).toBeInTheDocument()
      // The other links are still links.
      expect(list.getByRole('link', { name: /NHK News Web Easy/ })).toBeInTheDocument()
    },
  )
})
