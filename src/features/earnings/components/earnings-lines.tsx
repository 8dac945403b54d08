import type { EarningsLine } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatPrice, formatTimeIn } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { usePageParam } from '@/shared/lib/use-page-param'
import { CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { LoadError } from '@/shared/ui/load-error'
import { Pagination } from '@/shared/ui/pagination'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { useEarningsLines } from '../api/get-earnings-lines'

/**
 * Every payment of the educator's lessons and every refund (a negative line with its reason),
 * newest first, page by page; instants in the educator's own zone, as the CSV writes them.
 */
export function EarningsLines({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const [page, setPage] = usePageParam()
  const lines = useEarningsLines(page)
  const when = (instant: string) =>
    `${formatDateIn(instant, language, timeZone)} ${formatTimeIn(instant, timeZone)}`
  const money = (cents: number) => formatPrice(cents, language)

  let content
  if (lines.isPending) {
    content = (
      <Skeleton>
        <div className="flex flex-col gap-2">
          {[0, 1, 2].map((row) => (
            <SkeletonLine key={row} className="h-10 w-full" />
          ))}
        </div>
      </Skeleton>
    )
  } else if (!lines.data) {
    content = (
      <LoadError onRetry={() => void lines.refetch()}>{t('earnings.lines.loadFailed')}</LoadError>
    )
  } else if (lines.data.data.length === 0 && page > 1) {
    // A page past the last (an old link): say so, with the way back.
    content = (
      <>
        <p className="text-slate-600">{t('earnings.lines.pastEnd')}</p>
        <Pagination
          page={page}
          pageCount={lines.data.meta.pageCount}
          onPageChange={setPage}
          label={t('earnings.lines.pages')}
        />
      </>
    )
  } else if (lines.data.data.length === 0) {
    content = <p className="text-slate-600">{t('earnings.lines.empty')}</p>
  } else {
    const columns = {
      date: t('earnings.columns.date'),
      lesson: t('earnings.columns.lesson'),
      session: t('earnings.columns.session'),
      student: t('earnings.columns.student'),
      gross: t('earnings.columns.gross'),
      fee: t('earnings.columns.fee'),
      share: t('earnings.columns.share'),
    }
    content = (
      <>
        <CardTable
          caption={t('earnings.lines.caption')}
          columns={Object.values(columns)}
          breakpoint="xl"
        >
          {lines.data.data.map((line: EarningsLine) => (
            <CardRow key={`${line.kind}-${line.paymentId}`}>
              <CardRowHeader label={columns.date}>
                <span className="block">{when(line.at)}</span>
                {line.kind === 'refund' && (
                  <span className="block text-xs font-normal text-red-700">
                    {t('earnings.lines.refund')}
                    {line.refundReason && `: ${t(`earnings.reasons.${line.refundReason}`)}`}
                    {line.pending && ` (${t('earnings.lines.pending')})`}
                  </span>
                )}
              </CardRowHeader>
              <CardCell label={columns.lesson}>
                <Link
                  to={paths.lesson.detail.href(line.lessonId)}
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {line.lessonTitle}
                </Link>
              </CardCell>
              <CardCell label={columns.session}>
                {line.sessionStart === null
                  ? t('earnings.lines.sessionRemoved')
                  : when(line.sessionStart)}
              </CardCell>
              <CardCell label={columns.student}>{line.studentFirstName}</CardCell>
              <CardCell label={columns.gross}>{money(line.grossCents)}</CardCell>
              <CardCell label={columns.fee}>{money(line.feeCents)}</CardCell>
              <CardCell label={columns.share}>
                <span className="font-semibold">{money(line.shareCents)}</span>
              </CardCell>
            </CardRow>
          ))}
        </CardTable>
        <Pagination
          page={page}
          pageCount={lines.data.meta.pageCount}
          onPageChange={setPage}
          label={t('earnings.lines.pages')}
        />
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.lines.title')}
      </h2>
      {content}
    </section>
  )
}
