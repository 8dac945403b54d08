import { ADMIN_USER_STATES, ROLES, SEARCH_MAX_LENGTH } from '@contract/rules'
import type { AdminUserState, Role } from '@contract/index'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS } from '@/shared/lib/use-debounced-value'
import { SelectField } from '@/shared/ui/select-field'
import { TextField } from '@/shared/ui/text-field'
import type { UserListFilters } from '../api/keys'

type UserFiltersProps = {
  filters: UserListFilters
  onChange: (change: Partial<Omit<UserListFilters, 'page'>>) => void
}

/**
 * Search by name or e-mail (sent 500 ms after the last keystroke, §9), role and state. The box
 * follows the URL when its search changes from outside (Back, a shared link), and a search still
 * waiting for its 500 ms is then dropped, so it cannot undo that change; "Clear search and
 * filters" mounts the filters afresh, which drops it too. Each change names only what it changes;
 * the URL keeps the rest (useUserFilters).
 */
export function UserFilters({ filters, onChange }: UserFiltersProps) {
  const { t } = useTranslation()
  const [text, setText] = useState(filters.search)
  const [searchInUrl, setSearchInUrl] = useState(filters.search)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  /** The search the timer will write, while it waits. */
  const pending = useRef<string | null>(null)

  if (filters.search !== searchInUrl) {
    setSearchInUrl(filters.search)
    if (filters.search !== text.trim()) setText(filters.search)
  }

  useEffect(() => {
    if (pending.current !== null && pending.current !== filters.search) {
      clearTimeout(timer.current)
      pending.current = null
    }
  }, [filters.search])

  useEffect(() => () => clearTimeout(timer.current), [])

  const onSearch = (value: string) => {
    setText(value)
    clearTimeout(timer.current)
    pending.current = value.trim()
    timer.current = setTimeout(() => {
      pending.current = null
      onChange({ search: value.trim() })
    }, SEARCH_DEBOUNCE_MS)
  }

  return (
    <form
      role="search"
      aria-label={t('admin.users.filters.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        clearTimeout(timer.current)
        pending.current = null
        onChange({ search: text.trim() })
      }}
      className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <TextField
        type="search"
        label={t('admin.users.filters.search')}
        placeholder={t('admin.users.filters.searchPlaceholder')}
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onSearch(event.target.value)}
        autoComplete="off"
        className="min-w-0 sm:col-span-2 lg:col-span-1"
      />
      <SelectField
        label={t('admin.users.filters.role')}
        value={filters.role ?? ''}
        onChange={(event) =>
          onChange({ role: ROLES.find((role) => role === event.target.value) ?? null })
        }
      >
        <option value="">{t('admin.users.filters.allRoles')}</option>
        {ROLES.map((role: Role) => (
          <option key={role} value={role}>
            {t(`admin.users.roles.${role}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('admin.users.filters.state')}
        value={filters.state ?? ''}
        onChange={(event) =>
          onChange({
            state: ADMIN_USER_STATES.find((state) => state === event.target.value) ?? null,
          })
        }
      >
        <option value="">{t('admin.users.filters.allStates')}</option>
        {ADMIN_USER_STATES.map((state: AdminUserState) => (
          <option key={state} value={state}>
            {t(`admin.users.states.${state}`)}
          </option>
        ))}
      </SelectField>
    </form>
  )
}
