import type { AdminOverview as Overview } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatPrice } from '@/shared/i18n/format'
import { formatCount } from '@/shared/i18n/format-figures'
import { useLanguage } from '@/shared/i18n/use-language'
import { LoadError } from '@/shared/ui/load-error'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { useOverview } from '../api/get-overview'
import { WeeklyActivity } from './weekly-activity'

type Figure = { key: string; label: string; value: string; detail?: string; to: string }

/** The figures, each a link to the list it counts. */
function Figures({ overview }: { overview: Overview }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const count = (value: number) => formatCount(value, language)
  const day = (instant: string) => formatDateIn(instant, language, overview.timezone)
  // The window's and the week's last day: `to` is the Monday after, excluded.
  const lastDay = (to: string) => day(new Date(Date.parse(to) - 1).toISOString())
  const windowText = t('admin.overview.range', {
    from: day(overview.window.from),
    to: lastDay(overview.window.to),
  })
  const figures: Figure[] = [
    {
      key: 'pending',
      label: t('admin.overview.figures.pendingEducators'),
      value: count(overview.pendingEducators),
      to: paths.admin.users.href({ state: 'awaiting_approval' }),
    },
    {
      key: 'licences',
      label: t('admin.overview.figures.licences'),
      value: count(overview.licences.free),
      detail: t('admin.overview.figures.licencesHeld', {
        count: overview.licences.held,
        held: count(overview.licences.held),
      }),
      to: paths.admin.licences.href(),
    },
    {
      key: 'sessionsThisWeek',
      label: t('admin.overview.figures.sessionsThisWeek'),
      value: count(overview.sessionsThisWeek),
      detail: t('admin.overview.range', {
        from: day(overview.thisWeek.from),
        to: lastDay(overview.thisWeek.to),
      }),
      to: paths.admin.sessions.href({ ...overview.thisWeek, cancelled: false }),
    },
    {
      key: 'cancelled',
      label: t('admin.overview.figures.cancelledTooFew'),
      value: count(overview.cancelledTooFew),
      detail: windowText,
      to: paths.admin.sessions.href({ ...overview.window, cancelled: true }),
    },
    {
      key: 'refunds',
      label: t('admin.overview.figures.refunds'),
      value: count(overview.refunds.count),
      detail: t('admin.overview.figures.refundsSum', {
        sum: formatPrice(overview.refunds.cents, language),
        range: windowText,
      }),
      to: paths.admin.refunds.href(overview.window),
    },
    {
      key: 'below',
      label: t('admin.overview.figures.belowEarningsRule'),
      value: count(overview.belowEarningsRule),
      to: paths.admin.users.href({ state: 'below_earnings_rule' }),
    },
    {
      key: 'deactivated',
      label: t('admin.overview.figures.deactivated'),
      value: count(overview.deactivatedEducators),
      to: paths.admin.users.href({ state: 'deactivated' }),
    },
  ]
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => (
        <li key={figure.key}>
          <Link
            to={figure.to}
            className="flex h-full flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            {/* The spaces keep the parts apart in the link's name ("Refunds 2 $40.00 due"). */}
            <span className="text-sm text-slate-600">{figure.label}</span>{' '}
            <span className="text-2xl font-semibold text-slate-900 tabular-nums">
              {figure.value}
            </span>{' '}
            {figure.detail && <span className="text-sm text-slate-600">{figure.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/**
 * The admin's overview (issue 32), the dashboard's first part above the users list: educators
 * waiting, licences, this week's sessions, the last twelve weeks' seats and money, sessions
 * cancelled for too few students, refunds and the educators the earnings rule concerns, each
 * figure a link to the list behind it. Weeks run Monday to Monday in the admin's time zone.
 */
export function AdminOverview() {
  const { t } = useTranslation()
  const headingId = useId()
  const overview = useOverview()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {t('admin.overview.title')}
        </h1>
        {overview.data && (
          <p className="text-sm text-slate-600">
            {t('admin.overview.zone', { zone: overview.data.timezone })}{' '}
            <Link
              to={paths.settings.href()}
              className="text-brand-700 underline underline-offset-2"
            >
              {t('admin.overview.changeZone')}
            </Link>
          </p>
        )}
      </div>
      {overview.isPending ? (
        <Skeleton>
          <div className="flex flex-col gap-3">
            <SkeletonLine className="h-24 w-full" />
            <SkeletonLine className="h-64 w-full" />
          </div>
        </Skeleton>
      ) : overview.isError ? (
        <LoadError onRetry={() => void overview.refetch()}>
          {t('admin.overview.loadFailed')}
        </LoadError>
      ) : (
        <>
          <Figures overview={overview.data} />
          <WeeklyActivity overview={overview.data} />
        </>
      )}
    </section>
  )
}
