import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import * as resources from '@contract/descriptors/resources'
import { MaterialList } from '@/features/materials/components/material-list'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp, type TestUser } from '@tests/render-app'

const renderMaterials = async (lessonId: number, user: TestUser) => {
  await renderApp(<MaterialList lessonId={lessonId} />, { user })
  return screen.getByRole('region', { name: 'Materials' })
}

const typeScriptLesson = 4

describe('the read-only materials list (§2, §5)', () => {
  it('shows an enrolled student every material with title, type, description and link', async () => {
    const section = await renderMaterials(seedIds.paidLesson, 'student')
    const items = await within(section).findAllByRole('listitem')
    expect(items).toHaveLength(2)

    const link = within(items[0]!).getByRole('link', { name: /NHK News Web Easy/ })
    expect(link).toHaveAttribute('href', 'https://www3.nhk.or.jp/news/easy/')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(link).toHaveAccessibleName('NHK News Web Easy (opens in a new tab)')
    expect(within(items[0]!).getByText('Link')).toBeInTheDocument()
    expect(
      within(items[0]!).getByText('Short news articles in simple Japanese.'),
    ).toBeInTheDocument()

    // A file is no plain link: it opens in a preview, fetched with the API client (§7).
    const file = within(items[1]!).getByRole('button', { name: /Hiragana chart/ })
    expect(file).toHaveAccessibleName('Hiragana chart (preview or download)')
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument()
    expect(within(items[1]!).getByText('Document')).toBeInTheDocument()
  })

  it('adds https:// to a link saved without a scheme', async () => {
    const section = await renderMaterials(typeScriptLesson, 'student')
    expect(
      await within(section).findByRole('link', { name: /TypeScript Handbook/ }),
    ).toHaveAttribute('href', 'https://www.typescriptlang.org/docs/handbook/')
  })

  it('shows the materials to the lesson owner', async () => {
    const section = await renderMaterials(seedIds.paidLesson, 'educator')
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2)
  })

  it('tells a student who is not enrolled, calmly, that materials are for enrolled students', async () => {
    const section = await renderMaterials(seedIds.pianoLesson, 'student')
    expect(
      await within(section).findByText('Materials are available to enrolled students'),
    ).toBeInTheDocument()
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(section).queryByRole('list')).not.toBeInTheDocument()
  })

  it('says so when the lesson has no materials', async () => {
    db.resources = db.resources.filter((row) => row.lessonId !== seedIds.paidLesson)
    const section = await renderMaterials(seedIds.paidLesson, 'student')
    expect(
      await within(section).findByText('There are no materials for this lesson yet.'),
    ).toBeInTheDocument()
  })

  it('shows the common error text when the materials cannot load', async () => {
    server.use(mockEndpoint(resources.listResources, () => errorResponse(500, 'boom')))
    const section = await renderMaterials(seedIds.paidLesson, 'student')
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    expect(
      within(section).queryByText('Materials are available to enrolled students'),
    ).not.toBeInTheDocument()
  })

  it('shows the material types in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(<MaterialList lessonId={seedIds.paidLesson} />, { user: 'student' })
    const section = screen.getByRole('region', { name: '教材' })
    expect(await within(section).findByText('リンク')).toBeInTheDocument()
    expect(within(section).getByText('ドキュメント')).toBeInTheDocument()
  })
})
