import type { AdminSession } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatTimeRange, viewerTimeZone } from '@/shared/i18n/format'
import { formatCount } from '@/shared/i18n/format-figures'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { SelectField } from '@/shared/ui/select-field'
import { useAdminSessions } from '../api/get-admin-sessions'
import { readSessionFilters, useListFilters } from '../lib/list-filters'
import { ListRange } from './list-range'
import { PagedList } from './paged-list'

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
  const headingId = useId()
  const { filters, setFilters } = useListFilters(readSessionFilters)
  const sessions = useAdminSessions(filters)
  const timeZone = useUser().data?.timezone ?? viewerTimeZone()
  const ranged = filters.from !== null || filters.to !== null

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {t('admin.sessions.title')}
        </h1>
        <ListRange range={filters} timeZone={timeZone} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
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
        {ranged && (
          <Button variant="secondary" onClick={() => setFilters({ from: null, to: null })}>
            {t('admin.lists.allDates')}
          </Button>
        )}
      </div>
      <PagedList
        list={sessions}
        page={filters.page}
        onPageChange={(page) => setFilters({ page })}
        texts={{
          loadFailed: t('admin.sessions.loadFailed'),
          empty: t('admin.sessions.empty'),
          count: (count) => t('admin.sessions.count', { count }),
          pages: t('admin.sessions.pages'),
        }}
      >
        {(rows) => <SessionRows sessions={rows} timeZone={timeZone} />}
      </PagedList>
    </section>
  )
}
