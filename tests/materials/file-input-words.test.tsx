import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { seedIds } from '@/mocks/db'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { materialFile } from './node-uploads'

/**
 * A native file input writes its button and its "no file chosen" in the browser's language,
 * whatever the page's: the material upload shows only words of its own, in the reader's language.
 */
describe('the material file field', () => {
  const uploadForm = (name: string) => screen.getByRole('form', { name })

  it('says what to do and what is chosen in its own words, in English and in Japanese', async () => {
    const user = userEvent.setup()
    await renderApp(<MaterialsEditor lessonId={seedIds.paidLesson} />, { user: 'educator' })
    await screen.findByRole('region', { name: 'Materials' })
    const form = uploadForm('Upload a file')
    const input = within(form).getByLabelText('Choose a file')
    // The browser's own control is out of sight; the label stands in for it.
    expect(input).toHaveClass('sr-only')
    expect(within(form).getByText('Choose a file').tagName).toBe('LABEL')
    expect(within(form).getByText('No file selected')).toBeVisible()

    await act(() => i18n.changeLanguage('jp-JP'))
    const japanese = uploadForm('ファイルをアップロード')
    expect(within(japanese).getByText('ファイルを選択').tagName).toBe('LABEL')
    expect(within(japanese).getByText('ファイルが選択されていません')).toBeVisible()

    await user.upload(within(japanese).getByLabelText('ファイルを選択'), materialFile('notes.pdf'))
    expect(within(japanese).queryByText('ファイルが選択されていません')).not.toBeInTheDocument()
    expect(within(japanese).getByText(/^選択中：notes\.pdf（/)).toBeVisible()
  })
})
