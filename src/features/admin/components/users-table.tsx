import type { AdminUser, EarningsRule } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { useUser } from '@/shared/auth/current-user'
import { formatDate, formatDateIn, viewerTimeZone } from '@/shared/i18n/format'
import { formatYen } from '@/shared/i18n/format-figures'
import { useLanguage } from '@/shared/i18n/use-language'
import { CardActions, CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { UserActions } from './user-actions'

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

/** Where an approved, active educator stands against the earnings rule this period. */
function RuleStanding({ rule }: { rule: EarningsRule }) {
  const { t } = useTranslation()
  const language = useLanguage()
  // In the admin's zone, as the overview and its lists: the deadline falls at a time of day.
  const timeZone = useUser().data?.timezone ?? viewerTimeZone()
  const values = {
    earned: formatYen(rule.earnedJpy, language),
    min: formatYen(rule.minJpy, language),
    deadline: formatDateIn(rule.deadline, language, timeZone),
  }
  if (rule.exempt) {
    return <span className="block text-slate-600">{t('admin.users.rule.exempt', values)}</span>
  }
  return rule.met ? (
    <span className="block text-slate-600">{t('admin.users.rule.met', values)}</span>
  ) : (
    <span className="block font-medium text-amber-800">{t('admin.users.rule.below', values)}</span>
  )
}

/** Every user of the page: a table from `xl` up (its eight columns need the room), cards below. */
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
    <CardTable caption={t('admin.users.caption')} columns={Object.values(columns)} breakpoint="xl">
      {users.map((user) => (
        <CardRow key={user.id}>
          <CardRowHeader label={columns.name}>{user.name}</CardRowHeader>
          <CardCell label={columns.email} breakAnywhere>
            {user.email}
          </CardCell>
          <CardCell label={columns.role}>{t(`admin.users.roles.${user.role}`)}</CardCell>
          <CardCell label={columns.emailConfirmed}>{yesNo(user.isEmailConfirmed)}</CardCell>
          <CardCell label={columns.approved}>
            {user.role === 'educator' ? yesNo(user.isValidated) : <NotApplicable />}
            {user.earningsRule && <RuleStanding rule={user.earningsRule} />}
            {user.deactivatedAt !== null && (
              <span className="block font-medium text-red-700">
                {t('admin.users.deactivatedOn', {
                  date: formatDate(user.deactivatedAt, language),
                })}
              </span>
            )}
          </CardCell>
          <CardCell label={columns.licence} breakAnywhere>
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
          </CardCell>
          <CardCell label={columns.createdAt}>{formatDate(user.createdAt, language)}</CardCell>
          <CardActions empty={user.role !== 'educator'}>
            <UserActions user={user} />
          </CardActions>
        </CardRow>
      ))}
    </CardTable>
  )
}
