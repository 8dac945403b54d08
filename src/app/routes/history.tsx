import { REVIEW_LINK_PARAM } from '@contract/rules'
import { useCallback, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { useLessonHistory, useRefreshAfterReview } from '@/features/lessons/api/get-lesson-history'
import { HISTORY_PAGE_PARAM, LessonHistory } from '@/features/lessons/components/lesson-history'
import { PaymentHistory } from '@/features/payments/components/payment-history'
import { HistoryReview } from '@/features/reviews/components/history-review'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { usePageParam } from '@/shared/lib/use-page-param'
import { buttonClass } from '@/shared/ui/button'
import { WaitsForAbove } from '@/shared/ui/waits-for-above'

/**
 * §2 /history: the lessons the student attended, each to review or reviewed, with the review
 * dialog; below them the student's payments (paid, refunded) with their transaction ids. Any signed-in user may open the route (§2); only students attend lessons, so everyone
 * else is told why there is nothing here instead of being shown an empty list. `?review=<lesson
 * id>` (the link of the e-mail asking for a review) opens that lesson's review dialog once.
 */
export default function History() {
  const { t } = useTranslation()
  const headingId = useId()
  const { data: user } = useUser()
  const refreshHistory = useRefreshAfterReview()
  const isStudent = user?.role === 'student'
  const [searchParams, setSearchParams] = useSearchParams()
  const reviewAsked = Number(searchParams.get(REVIEW_LINK_PARAM))
  // Opened once: the parameter goes, so closing the dialog or coming back does not reopen it.
  const dropReviewAsked = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.delete(REVIEW_LINK_PARAM)
          return next
        },
        { replace: true },
      ),
    [setSearchParams],
  )

  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-8 p-4 sm:p-6 xl:p-8">
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
        <div>
          <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
            {t('history.title')}
          </h1>
          {isStudent && <p className="text-slate-600">{t('history.subtitle')}</p>}
        </div>
        {isStudent ? (
          <LessonHistory
            labelledBy={headingId}
            renderReview={(entry) => (
              <HistoryReview
                lesson={entry.lesson}
                review={entry.review}
                onReviewed={refreshHistory}
                openAtOnce={entry.lesson.id === reviewAsked}
                onOpenedAtOnce={dropReviewAsked}
              />
            )}
          />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
            <p>{t('history.notStudent')}</p>
            <Link to={paths.home.href()} className={buttonClass('secondary')}>
              {t('common.goBackHome')}
            </Link>
          </div>
        )}
      </section>
      {isStudent && <PaymentsBelowLessons />}
    </div>
  )
}

/** The student's payments, shown once the lessons above them are (the same query). */
function PaymentsBelowLessons() {
  const [page] = usePageParam(HISTORY_PAGE_PARAM)
  const lessons = useLessonHistory(page)
  return (
    <WaitsForAbove aboveLoading={lessons.isPending}>
      <PaymentHistory />
    </WaitsForAbove>
  )
}
