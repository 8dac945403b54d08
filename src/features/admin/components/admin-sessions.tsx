import type { AdminSession } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatTimeRange, viewerTimeZone } from '@/shared/i18n/format'
import { formatCount } from '@/shared/i18n/format-figures'
import { useLanguage } from '@/shared/i18n/use-language'
import { CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { SelectField } from '@/shared/ui/select-field'
import { useAdminSessions } from '../api/get-admin-sessions'
import { readSessionFilters, useListFilters } from '../lib/list-filters'
import { RangedList } from './ranged-list'

const CANCELLED_CHOICES = ['all', 'held', 'cancelled'] as const
type CancelledChoice = (typeof CANCELLED_CHOICES)[number]

const choiceOf = (cancelled: boolean | null): CancelledChoice =>
  cancelled === null ? 'all' : cancelled ? 'cancelled' : 'held'
const cancelledOf = (choice: CancelledChoice) => (choice === 'all' ? null : choice === 'cancelled')

function SessionRows({
  sessions,
  timeZone,
}: {
  sessions: readonly AdminSession[]
  timeZone: string
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const columns = {
    lesson: t('admin.sessions.columns.lesson'),
    educator: t('admin.sessions.columns.educator'),
    when: t('admin.sessions.columns.when'),
    seats: t('admin.sessions.columns.seats'),
    decision: t('admin.sessions.columns.decision'),
  }
  return (
    <CardTable
      caption={t('admin.sessions.caption')}
      columns={Object.values(columns)}
      breakpoint="lg"
    >
      {sessions.map((session) => (
        <CardRow key={session.id}>
          <CardRowHeader label={columns.lesson}>
            <Link
              to={paths.lesson.detail.href(session.lessonId)}
              className="text-brand-700 underline underline-offset-2"
            >
              {session.lessonTitle}
            </Link>
          </CardRowHeader>
          <CardCell label={columns.educator}>{session.educator.name}</CardCell>
          <CardCell label={columns.when}>
            {formatDateIn(session.start_time, language, timeZone)}{' '}
            {formatTimeRange(session.start_time, session.end_time, language, timeZone)}
          </CardCell>
          <CardCell label={columns.seats}>
            {t('admin.sessions.seats', {
              taken: formatCount(session.seatsTaken, language),
              min: formatCount(session.minSlots, language),
              max: formatCount(session.maxSlots, language),
            })}
          </CardCell>
          <CardCell label={columns.decision}>
            <span className={session.decision === 'cancelled' ? 'font-medium text-red-700' : ''}>
              {t(`admin.sessions.decisions.${session.decision}`)}
            </span>
          </CardCell>
        </CardRow>
      ))}
    </CardTable>
  )
}

/**
 * Every educator's sessions in a range, earliest first (issue 32): what the overview's "sessions
 * this week" and "cancelled for too few students" count, in the admin's zone.
 */
export function AdminSessions() {
  const { t } = useTranslation()
  const { filters, setFilters } = useListFilters(readSessionFilters)
  const sessions = useAdminSessions(filters)
  const timeZone = useUser().data?.timezone ?? viewerTimeZone()
  return (
    <RangedList
      list="sessions"
      filters={filters}
      setFilters={setFilters}
      rows={sessions}
      timeZone={timeZone}
      controls={
        <SelectField
          label={t('admin.sessions.show')}
          value={choiceOf(filters.cancelled)}
          onChange={(event) =>
            setFilters({
              cancelled: cancelledOf(
                CANCELLED_CHOICES.find((choice) => choice === event.target.value) ?? 'all',
              ),
            })
          }
        >
          {CANCELLED_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`admin.sessions.choices.${choice}`)}
            </option>
          ))}
        </SelectField>
      }
    >
      {(rows) => <SessionRows sessions={rows} timeZone={timeZone} />}
    </RangedList>
  )
}
