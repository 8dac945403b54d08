import type { AdminUser } from '@contract/index'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { UserActions } from './user-actions'

/**
 * One table for every width: from `xl` up (the eight columns need the room) it is a table, below it each row is a card whose cells
 * carry their column's name (browsers keep table semantics when CSS changes `display`).
 */
const cellClass =
  'flex items-baseline justify-between gap-3 px-4 py-1 text-sm xl:table-cell xl:px-3 xl:py-3 xl:align-top'

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={cellClass}>
      <span aria-hidden="true" className="font-medium text-slate-600 xl:hidden">
        {label}
      </span>
      <span className="min-w-0 text-right break-words text-slate-900 xl:text-left">{children}</span>
    </td>
  )
}

/** Approval and licences concern educators only. */
function NotApplicable() {
  const { t } = useTranslation()
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('admin.users.notApplicable')}</span>
    </>
  )
}

export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const yesNo = (value: boolean) => (value ? t('admin.users.yes') : t('admin.users.no'))
  const columns = {
    name: t('admin.users.columns.name'),
    email: t('admin.users.columns.email'),
    role: t('admin.users.columns.role'),
    emailConfirmed: t('admin.users.columns.emailConfirmed'),
    approved: t('admin.users.columns.approved'),
    licence: t('admin.users.columns.licence'),
    createdAt: t('admin.users.columns.createdAt'),
    actions: t('admin.users.columns.actions'),
  }
  return (
    <table className="block w-full xl:table xl:border-collapse">
      <caption className="sr-only">{t('admin.users.caption')}</caption>
      <thead className="sr-only xl:not-sr-only xl:table-header-group">
        <tr className="xl:border-b xl:border-slate-200">
          {Object.values(columns).map((label) => (
            <th
              key={label}

              scope="col"
              className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:grid-cols-2 xl:table-row-group">
        {users.map((user) => (
          <tr
            key={user.id}

            className="flex flex-col rounded-lg border border-slate-200 bg-white py-2 xl:table-row xl:rounded-none xl:border-0 xl:border-b xl:py-0"
          >
            <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900`}>
              <span aria-hidden="true" className="font-medium text-slate-600 xl:hidden">
                {columns.name}
              </span>
              <span className="min-w-0 break-words">{user.name}</span>
            </th>
            <Cell label={columns.email}>{user.email}</Cell>
            <Cell label={columns.role}>{t(`admin.users.roles.${user.role}`)}</Cell>
            <Cell label={columns.emailConfirmed}>{yesNo(user.isEmailConfirmed)}</Cell>
            <Cell label={columns.approved}>
              {user.role === 'educator' ? yesNo(user.isValidated) : <NotApplicable />}
            </Cell>
            <Cell label={columns.licence}>
              {user.videoLicence ? (
                t('admin.users.licence', {
                  provider: t(`profile.licence.providers.${user.videoLicence.provider}`),
                  account: user.videoLicence.accountEmail,
                })
              ) : user.role === 'educator' ? (
                t('admin.users.noLicence')
              ) : (
                <NotApplicable />
              )}
            </Cell>
            <Cell label={columns.createdAt}>{formatDate(user.createdAt, language)}</Cell>
            <td
              className={`px-4 pt-2 pb-1 xl:table-cell xl:px-3 xl:py-3 xl:align-top ${
                user.role === 'educator' ? '' : 'hidden'
              }`}
            >
              <span className="sr-only xl:hidden">{columns.actions}</span>
              <UserActions user={user} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
