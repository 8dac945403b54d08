import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Descriptor } from '@contract/descriptor'
import * as resources from '@contract/descriptors/resources'
import { FILE_NAME_MAX, UPLOAD_LIMIT_BYTES } from '@contract/rules'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { db, seedIds } from '@/mocks/db'
import { apiUrl, errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { holdCalls } from '@tests/hold-calls'
import { answer } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'
import { isCallOf, recordBodies } from '@tests/request-log'
import { sendUploadsThroughNode } from '@tests/node-uploads'
import { materialFile, PPTX_CONTENT } from './node-uploads'

const lessonId = seedIds.paidLesson
const LINK = 'NHK News Web Easy'
const FILE = 'Hiragana chart'

sendUploadsThroughNode()
afterEach(() => {
  server.events.removeAllListeners()
})

// A user can pick "All files" in the file chooser, so `accept` does not filter what they choose.
const setup = () => userEvent.setup({ applyAccept: false })

const renderEditor = async () => {
  await renderApp(<MaterialsEditor lessonId={lessonId} />, { user: 'educator' })
  return screen.findByRole('region', { name: 'Materials' })
}

const section = (name: 'Links' | 'Files') => screen.getByRole('region', { name })
const rows = (name: 'Links' | 'Files') =>
  within(section(name))
    .queryAllByRole('listitem')
    .map((row) => row.textContent)
const rowOf = (title: string) =>
  screen.getByRole('button', { name: `Rename ${title}` }).closest('li')!
const linkForm = () => screen.getByRole('form', { name: 'Add a link' })
const uploadForm = () => screen.getByRole('form', { name: 'Upload a file' })
const fileInput = () => within(uploadForm()).getByLabelText('Choose a file')

/** Counts the calls of `descriptor` made from now on. */
const countCalls = (descriptor: Descriptor) => {
  const calls: string[] = []
  server.events.on('request:start', ({ request }) => {
    if (isCallOf(descriptor, request)) calls.push(request.url)
  })
  return calls
}

describe('materials editor: the sections', () => {
  it('shows links and files apart, each row with its type, title and description', async () => {
    await renderEditor()
    expect(screen.getByRole('heading', { name: 'Links', level: 3 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Files', level: 3 })).toBeInTheDocument()
    const link = within(rowOf(LINK))
    expect(link.getByText('Link')).toBeInTheDocument()
    expect(link.getByText('Short news articles in simple Japanese.')).toBeInTheDocument()
    expect(link.getByRole('link', { name: `Open ${LINK} (opens in a new tab)` })).toHaveAttribute(
      'href',
      'https://www3.nhk.or.jp/news/easy/',
    )
    expect(within(section('Links')).getAllByRole('listitem')).toHaveLength(1)
    const file = within(rowOf(FILE))
    expect(file.getByText('Document')).toBeInTheDocument()
    expect(file.getByText('Print it and keep it next to you.')).toBeInTheDocument()
    expect(file.getByRole('button', { name: `Open ${FILE}` })).toBeInTheDocument()
    expect(within(section('Files')).getAllByRole('listitem')).toHaveLength(1)
    // The file input's hint lists the types of §2.
    expect(fileInput()).toHaveAccessibleDescription(
      /Accepted: pdf, doc, ppt, xls, docx, pptx, xlsx .*Maximum size 10 MB\./,
    )
  })

  it('says so when there is nothing yet', async () => {
    db.resources = db.resources.filter((row) => row.lessonId !== lessonId)
    await renderEditor()
    expect(within(section('Links')).getByText('No links yet.')).toBeInTheDocument()
    expect(within(section('Files')).getByText('No files yet.')).toBeInTheDocument()
  })

  it("shows the server's message with a retry when the materials cannot load", async () => {
    server.use(
      mockEndpoint(resources.listResources, () => errorResponse(500, 'Storage offline'), {
        once: true,
      }),
    )
    const user = setup()
    await renderEditor()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Storage offline')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: `Rename ${LINK}` })).toBeInTheDocument()
  })

  it('a non-http(s) url saved earlier is shown as text, never as a link', async () => {
    db.resources.push({
      id: 900,
      lessonId,
      title: 'Sneaky',
      type: 'link',
      url: 'javascript:alert(1)',
      description: 'Not a web page',
      fileId: null,
    })
    await renderEditor()
    const row = within(rowOf('Sneaky'))
    expect(row.getByText('javascript:alert(1)', { exact: false })).toBeInTheDocument()
    expect(row.queryByRole('link')).not.toBeInTheDocument()
    expect(document.querySelector('a[href^="javascript"]')).toBeNull()
  })
})

describe('materials editor: adding a link', () => {
  it('needs a title, a description and a url, and sends nothing without them', async () => {
    const calls = countCalls(resources.createResource)
    const user = setup()
    await renderEditor()
    await user.click(within(linkForm()).getByRole('button', { name: 'Add link' }))
    for (const name of ['Link title', 'Link description', 'Link URL']) {
      const field = within(linkForm()).getByRole('textbox', { name })
      expect(field).toBeInvalid()
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Required'))
    }
    // Spaces are no title either.
    await user.type(within(linkForm()).getByRole('textbox', { name: 'Link title' }), '   ')
    await user.click(within(linkForm()).getByRole('button', { name: 'Add link' }))
    expect(within(linkForm()).getByRole('textbox', { name: 'Link title' })).toBeInvalid()
    expect(calls).toEqual([])
  })

  it.each(['javascript:alert(1)', ' JaVaScript:alert(document.cookie)', 'data:text/html,<b>x</b>'])(
    'refuses %j with a clear message and sends nothing',
    async (url) => {
      const calls = countCalls(resources.createResource)
      const user = setup()
      await renderEditor()
      const form = within(linkForm())
      await user.type(form.getByRole('textbox', { name: 'Link title' }), 'Trap')
      await user.type(form.getByRole('textbox', { name: 'Link description' }), 'Looks harmless')
      await user.type(form.getByRole('textbox', { name: 'Link URL' }), url)
      await user.click(form.getByRole('button', { name: 'Add link' }))
      expect(form.getByRole('textbox', { name: 'Link URL' })).toHaveAccessibleDescription(
        expect.stringContaining('Enter a web address starting with http:// or https://'),
      )
      expect(calls).toEqual([])
      expect(screen.queryByRole('button', { name: 'Rename Trap' })).not.toBeInTheDocument()
    },
  )

  it('refuses a NUL character in a link before sending it, saying so at the field', async () => {
    const calls = countCalls(resources.createResource)
    const user = setup()
    await renderEditor()
    const form = within(linkForm())
    const title = form.getByRole('textbox', { name: 'Link title' })
    // A NUL cannot be typed, only pasted.
    await user.click(title)
    await user.paste('Kana\u0000chart')
    await user.type(form.getByRole('textbox', { name: 'Link description' }), 'A chart')
    await user.type(form.getByRole('textbox', { name: 'Link URL' }), 'https://example.com/')
    await user.click(form.getByRole('button', { name: 'Add link' }))
    expect(title).toHaveAccessibleDescription('Contains a character that is not allowed')
    expect(calls).toEqual([])
  })

  it('adds a link without a scheme, which then opens with https://', async () => {
    const bodies = recordBodies(resources.createResource)
    const user = setup()
    await renderEditor()
    const form = within(linkForm())
    await user.type(form.getByRole('textbox', { name: 'Link title' }), '  Kanji practice ')
    await user.type(form.getByRole('textbox', { name: 'Link description' }), 'Daily kanji drills')
    await user.type(form.getByRole('textbox', { name: 'Link URL' }), 'kanji.example.org/daily')
    await user.click(form.getByRole('button', { name: 'Add link' }))

    expect(await screen.findByText('Resource created successfully')).toBeVisible()
    const row = within(await waitFor(() => rowOf('Kanji practice')))
    expect(row.getByRole('link', { name: /Open Kanji practice/ })).toHaveAttribute(
      'href',
      'https://kanji.example.org/daily',
    )
    expect(bodies).toEqual([
      {
        title: 'Kanji practice',
        type: 'link',
        url: 'kanji.example.org/daily',
        description: 'Daily kanji drills',
        lessonId,
      },
    ])
    // The form is empty for the next link.
    expect(form.getByRole('textbox', { name: 'Link title' })).toHaveValue('')
    expect(form.getByRole('textbox', { name: 'Link URL' })).toHaveValue('')
  })

  it('by keyboard: Enter on Add link adds it and focus goes back to its first field, not the page', async () => {
    const user = setup()
    await renderEditor()
    const form = within(linkForm())
    form.getByRole('textbox', { name: 'Link title' }).focus()
    await user.keyboard('Kana chart')
    await user.tab()
    await user.keyboard('Both syllabaries')
    await user.tab()
    await user.keyboard('kana.example.org')
    await user.tab()
    expect(form.getByRole('button', { name: 'Add link' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Resource created successfully')).toBeVisible()
    await waitFor(() => expect(form.getByRole('textbox', { name: 'Link title' })).toHaveFocus())
    expect(form.getByRole('textbox', { name: 'Link title' })).toHaveValue('')
  })

  it("shows the server's message when the link is refused", async () => {
    server.use(
      mockEndpoint(resources.createResource, () =>
        errorResponse(403, 'You are not the owner of this lesson'),
      ),
    )
    const user = setup()
    await renderEditor()
    const form = within(linkForm())
    await user.type(form.getByRole('textbox', { name: 'Link title' }), 'Docs')
    await user.type(form.getByRole('textbox', { name: 'Link description' }), 'Reference')
    await user.type(form.getByRole('textbox', { name: 'Link URL' }), 'https://docs.example.com')
    await user.click(form.getByRole('button', { name: 'Add link' }))
    expect(await form.findByRole('alert')).toHaveTextContent('You are not the owner of this lesson')
    // What was typed stays, to try again.
    expect(form.getByRole('textbox', { name: 'Link title' })).toHaveValue('Docs')
  })
})

describe('materials editor: uploading a file', () => {
  it('uploads a file, then creates the material from it, with one toast and the new row', async () => {
    const bodies = recordBodies(resources.createResource)
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('Week 1 notes.pdf', '%PDF-1.4 week one'))
    expect(within(uploadForm()).getByText(/Selected: Week 1 notes\.pdf/)).toBeInTheDocument()
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))

    expect(await screen.findByText('File uploaded successfully')).toBeVisible()
    const row = within(await waitFor(() => rowOf('Week 1 notes.pdf')))
    expect(screen.queryByText('Resource created successfully')).not.toBeInTheDocument()
    expect(row.getByText('Document')).toBeInTheDocument()

    const stored = db.files.find((file) => file.filename === 'Week 1 notes.pdf')!
    expect(new TextDecoder().decode(stored.bytes)).toBe('%PDF-1.4 week one')
    expect(bodies).toEqual([
      {
        title: 'Week 1 notes.pdf',
        type: 'document',
        url: apiUrl(`/files/${stored.id}`),
        description: '',
        lessonId,
        fileId: stored.id,
      },
    ])
    // Ready for the next file.
    expect(fileInput()).toHaveValue('')
    expect(within(uploadForm()).queryByText(/Selected:/)).not.toBeInTheDocument()
  })

  it('titles a material after a long name of emoji by whole characters, never half of one', async () => {
    const bodies = recordBodies(resources.createResource)
    const user = setup()
    await renderEditor()
    // 125 characters, 245 UTF-16 units: a cut at the title's 200 units would halve an emoji.
    const name = `a${'😀'.repeat(120)}.pdf`
    await user.upload(fileInput(), materialFile(name, '%PDF-1.4 smiles'))
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('File uploaded successfully')).toBeVisible()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ title: name })
  })

  it('takes a file dropped on the drop zone, and types it from its extension', async () => {
    const user = setup()
    await renderEditor()
    fireEvent.drop(screen.getByTestId('material-drop-zone'), {
      dataTransfer: { files: [materialFile('slides.pptx', PPTX_CONTENT)] },
    })
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('File uploaded successfully')).toBeVisible()
    expect(
      within(await waitFor(() => rowOf('slides.pptx'))).getByText('Presentation'),
    ).toBeVisible()
  })

  it('shows the upload progress while the file is being sent', async () => {
    const held = holdCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('big-reader.pdf', 2 * 1024 * 1024))
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))

    const progress = await screen.findByRole('progressbar', { name: /Uploading big-reader\.pdf/ })
    expect(progress).toBeVisible()
    expect(within(uploadForm()).getByRole('button', { name: 'Upload' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(fileInput()).toBeDisabled()

    await held.release()
    expect(await screen.findByText('File uploaded successfully')).toBeVisible()
    expect(screen.queryByRole('progressbar', { name: /Uploading/ })).not.toBeInTheDocument()
    expect(within(uploadForm()).getByRole('button', { name: 'Upload' })).toBeEnabled()
  })

  it('refuses a file of 10 MB and 1 byte before sending it', async () => {
    const calls = countCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    // Exactly 10 MB is still allowed.
    await user.upload(fileInput(), materialFile('limit.pdf', UPLOAD_LIMIT_BYTES))
    expect(within(uploadForm()).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(uploadForm()).getByText('Selected: limit.pdf (10 MB)')).toBeInTheDocument()
    await user.upload(fileInput(), materialFile('huge.pdf', UPLOAD_LIMIT_BYTES + 1))
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent(
      'File is too large. Maximum size is 10MB.',
    )
    expect(fileInput()).toBeInvalid()
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent(
      'File is too large. Maximum size is 10MB.',
    )
    expect(calls).toEqual([])
    expect(screen.queryByRole('progressbar', { name: /Uploading/ })).not.toBeInTheDocument()
  })

  it('refuses a type outside §5, even when its name tries to look like one', async () => {
    const calls = countCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    for (const name of ['setup.exe', 'notes.pdf.exe', 'README']) {
      await user.upload(fileInput(), materialFile(name, 'MZ'))
      expect(within(uploadForm()).getByRole('alert')).toHaveTextContent('Invalid file type.')
    }
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(calls).toEqual([])
    // A correct file then clears the message.
    await user.upload(fileInput(), materialFile('notes.PDF'))
    expect(within(uploadForm()).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks for a file when none is chosen', async () => {
    const calls = countCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent('No file selected')
    expect(calls).toEqual([])
  })

  it('refuses a file whose name is only spaces', async () => {
    const calls = countCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('   .pdf'))
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent('File name cannot be empty')
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(calls).toEqual([])
  })

  it('refuses a file whose name is longer than the server keeps, before sending it', async () => {
    const calls = countCalls(resources.uploadResourceFile)
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile(`${'n'.repeat(FILE_NAME_MAX - 3)}.pdf`))
    expect(within(uploadForm()).getByRole('alert')).toHaveTextContent(
      `File name is too long (at most ${FILE_NAME_MAX} characters)`,
    )
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(calls).toEqual([])
  })

  it('says the reply was invalid when the upload answers without an id or a path', async () => {
    const calls = countCalls(resources.createResource)
    server.use(
      mockEndpoint(resources.uploadResourceFile, () =>
        answer(resources.uploadResourceFile, { filename: 'notes.pdf' } as never, { status: 201 }),
      ),
    )
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('notes.pdf'))
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Invalid response from server during file upload')).toBeVisible()
    expect(screen.queryByText('File uploaded successfully')).not.toBeInTheDocument()
    expect(calls).toEqual([])
    expect(rows('Files')).toHaveLength(1)
  })

  it("shows the server's message when the upload fails", async () => {
    server.use(
      mockEndpoint(resources.uploadResourceFile, () => errorResponse(415, 'Invalid file type.')),
    )
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('notes.pdf'))
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('Invalid file type.')).toBeVisible()
    expect(screen.queryByText('File uploaded successfully')).not.toBeInTheDocument()
    // The chosen file stays, to try again.
    expect(within(uploadForm()).getByText(/Selected: notes\.pdf/)).toBeInTheDocument()
  })

  it("shows the server's message when the material cannot be created from the upload", async () => {
    server.use(
      mockEndpoint(resources.createResource, () =>
        errorResponse(400, ['fileId must name a file uploaded to this lesson']),
      ),
    )
    const user = setup()
    await renderEditor()
    await user.upload(fileInput(), materialFile('notes.pdf'))
    await user.click(within(uploadForm()).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByText('fileId must name a file uploaded to this lesson')).toBeVisible()
    // One action, one toast: the file is not a material, so nothing says it was uploaded.
    expect(screen.queryByText('File uploaded successfully')).not.toBeInTheDocument()
    expect(screen.queryByText('Resource created successfully')).not.toBeInTheDocument()
  })
})

describe('materials editor: renaming', () => {
  const renameField = (title: string) =>
    within(screen.getByRole('form', { name: `New title for ${title}` })).getByRole('textbox', {
      name: 'Material title',
    })
  const startRenaming = async (user: ReturnType<typeof setup>, title = LINK) => {
    await user.click(screen.getByRole('button', { name: `Rename ${title}` }))
    const field = renameField(title)
    expect(field).toHaveFocus()
    expect(field).toHaveValue(title)
    return field
  }

  it('saves with Enter, then focus is back on the renamed title', async () => {
    const bodies = recordBodies(resources.renameResource)
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user)
    await user.clear(field)
    await user.type(field, 'NHK Easy News{Enter}')
    expect(await screen.findByText('Resource updated successfully')).toBeVisible()
    const title = await screen.findByRole('button', { name: 'Rename NHK Easy News' })
    expect(title).toHaveFocus()
    expect(bodies).toEqual([{ title: 'NHK Easy News' }])
    expect(db.resources.find((row) => row.id === seedIds.resources.link)?.title).toBe(
      'NHK Easy News',
    )
  })

  it('saves with the Save button too, a file as well as a link', async () => {
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user, FILE)
    await user.clear(field)
    await user.type(field, 'Hiragana table')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Resource updated successfully')).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Rename Hiragana table' })).toHaveFocus()
  })

  it('Escape leaves the title as it was, without a call, and gives focus back', async () => {
    const calls = countCalls(resources.renameResource)
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user)
    await user.type(field, ' changed')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('form', { name: `New title for ${LINK}` })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Rename ${LINK}` })).toHaveFocus()
    expect(calls).toEqual([])
  })

  it('Cancel leaves the title as it was, without a call, and gives focus back', async () => {
    const calls = countCalls(resources.renameResource)
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user)
    await user.type(field, ' changed')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: `Rename ${LINK}` })).toHaveFocus()
    expect(calls).toEqual([])
  })

  it('needs a title, and an unchanged title sends nothing', async () => {
    const calls = countCalls(resources.renameResource)
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user)
    await user.clear(field)
    await user.type(field, '   {Enter}')
    expect(field).toBeInvalid()
    expect(field).toHaveAccessibleDescription('Required')
    await user.clear(field)
    await user.type(field, `${LINK}{Enter}`)
    expect(screen.getByRole('button', { name: `Rename ${LINK}` })).toHaveFocus()
    expect(calls).toEqual([])
  })

  it("shows the server's message and stays in rename mode when renaming fails", async () => {
    server.use(
      mockEndpoint(resources.renameResource, () =>
        errorResponse(400, ['title must NOT have more than 200 characters']),
      ),
    )
    const user = setup()
    await renderEditor()
    const field = await startRenaming(user)
    await user.type(field, ' 2{Enter}')
    expect(await screen.findByText('title must NOT have more than 200 characters')).toBeVisible()
    expect(renameField(LINK)).toHaveValue(`${LINK} 2`)
  })
})

describe('materials editor: removing and editing', () => {
  it('removes a material after confirmation', async () => {
    const user = setup()
    await renderEditor()
    await user.click(screen.getByRole('button', { name: `Remove ${FILE}` }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this material?' })
    expect(dialog).toHaveTextContent(`“${FILE}” will be removed from the lesson`)
    await user.click(within(dialog).getByRole('button', { name: 'Remove material' }))
    expect(await screen.findByText('Material removed')).toBeVisible()
    await waitFor(() => expect(within(section('Files')).getByText('No files yet.')).toBeVisible())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(db.resources.some((row) => row.id === seedIds.resources.file)).toBe(false)
  })

  it('by keyboard: once the material is gone, focus is on its section heading, not the page', async () => {
    const user = setup()
    await renderEditor()
    screen.getByRole('button', { name: `Remove ${FILE}` }).focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Remove this material?' })
    within(dialog).getByRole('button', { name: 'Remove material' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(within(section('Files')).getByText('No files yet.')).toBeVisible())
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Files' })).toHaveFocus())
  })

  it('keeps the material when the removal is cancelled', async () => {
    const calls = countCalls(resources.deleteResource)
    const user = setup()
    await renderEditor()
    await user.click(screen.getByRole('button', { name: `Remove ${LINK}` }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this material?' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(rowOf(LINK)).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it("says 'Error removing material' when the removal fails, and keeps the row", async () => {
    server.use(mockEndpoint(resources.deleteResource, () => errorResponse(500, 'boom')))
    const user = setup()
    await renderEditor()
    await user.click(screen.getByRole('button', { name: `Remove ${LINK}` }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this material?' })).getByRole('button', {
        name: 'Remove material',
      }),
    )
    expect(await screen.findByText('Error removing material')).toBeVisible()
    expect(screen.queryByText('Material removed')).not.toBeInTheDocument()
    expect(rowOf(LINK)).toBeInTheDocument()
  })

  it("edits a link's description and url in a dialog, refusing a hostile url", async () => {
    const bodies = recordBodies(resources.updateResource)
    const user = setup()
    await renderEditor()
    await user.click(screen.getByRole('button', { name: `Edit the link ${LINK}` }))
    const dialog = within(screen.getByRole('dialog', { name: `Edit the link “${LINK}”` }))
    const url = dialog.getByRole('textbox', { name: 'Link URL' })
    expect(url).toHaveValue('https://www3.nhk.or.jp/news/easy/')
    await user.clear(url)
    await user.type(url, 'javascript:void(0)')
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(url).toBeInvalid()
    expect(bodies).toEqual([])

    await user.clear(url)
    await user.type(url, 'news.example.jp/easy')
    const description = dialog.getByRole('textbox', { name: 'Link description' })
    await user.clear(description)
    await user.type(description, 'Easy news')
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Resource updated successfully')).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const row = within(await waitFor(() => rowOf(LINK)))
    await waitFor(() => expect(row.getByText('Easy news')).toBeVisible())
    expect(row.getByRole('link', { name: /Open NHK/ })).toHaveAttribute(
      'href',
      'https://news.example.jp/easy',
    )
    expect(bodies).toEqual([
      {
        title: LINK,
        type: 'link',
        url: 'news.example.jp/easy',
        description: 'Easy news',
        lessonId,
      },
    ])
  })
})

describe('materials editor in Japanese', () => {
  it('shows its sections, checks and hint in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    const user = setup()
    await renderApp(<MaterialsEditor lessonId={lessonId} />, { user: 'educator' })
    expect(await screen.findByRole('region', { name: '教材' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'リンク', level: 3 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'ファイル', level: 3 })).toBeInTheDocument()
    const form = within(screen.getByRole('form', { name: 'リンクを追加' }))
    await user.click(form.getByRole('button', { name: 'リンクを追加' }))
    expect(form.getByRole('textbox', { name: 'リンクのタイトル' })).toHaveAccessibleDescription(
      '必須項目です',
    )
    const upload = within(screen.getByRole('form', { name: 'ファイルをアップロード' }))
    await user.click(upload.getByRole('button', { name: 'アップロード' }))
    expect(upload.getByRole('alert')).toHaveTextContent('ファイルが選択されていません')
    expect(upload.getByLabelText('ファイルを選択')).toHaveAccessibleDescription(
      /対応形式：pdf, doc, ppt, xls, docx, pptx, xlsx/,
    )
  })
})
