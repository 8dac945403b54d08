import { SEARCH_MAX_LENGTH } from '@contract/landing-rules'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { categoryTitle } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { SelectField } from '@/shared/ui/select-field'
import { TextField } from '@/shared/ui/text-field'

export type CatalogueCategory = { id: number; title: string; titleJp?: string | undefined }

type LessonFiltersProps = {
  search: string
  onSearchChange: (search: string) => void
  /** The chosen category's id as text; '' for every category. */
  categoryId: string
  onCategoryChange: (categoryId: string) => void
  categories: readonly CatalogueCategory[]
  /** The search box, which the empty result's "Show all lessons" focuses after clearing. */
  searchRef?: Ref<HTMLInputElement> | undefined
}

/** The catalogue's search box and category select (§2), as a search landmark. */
export function LessonFilters({
  search,
  onSearchChange,
  categoryId,
  onCategoryChange,
  categories,
  searchRef,
}: LessonFiltersProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <form
      role="search"
      aria-label={t('lessons.filters.label')}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <TextField
        ref={searchRef}
        type="search"
        label={t('lessons.filters.search')}
        placeholder={t('lessons.filters.searchPlaceholder')}
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onSearchChange(event.target.value)}
        autoComplete="off"
        className="min-w-0 sm:max-w-md sm:flex-1"
      />
      <SelectField
        label={t('lessons.filters.category')}
        value={categoryId}
        onChange={(event) => onCategoryChange(event.target.value)}
        className="sm:w-56"
      >
        <option value="">{t('lessons.filters.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {categoryTitle(category, language)}
          </option>
        ))}
      </SelectField>
    </form>
  )
}
