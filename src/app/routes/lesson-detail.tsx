import type { CurrentUser, Lesson } from '@contract/index'
import type { UseQueryResult } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { NotFoundPage } from '@/app/components/error-page'
import { useGuestLesson } from '@/features/lessons/api/get-guest-lesson'
import { useLesson } from '@/features/lessons/api/get-lesson'
import { LessonOverview } from '@/features/lessons/components/lesson-overview'
import { LessonPageShapes } from '@/features/lessons/components/lesson-page-skeleton'
import { MaterialList } from '@/features/materials/components/material-list'
import { OwnerCard } from '@/features/reviews/components/owner-card'
import { ReviewList } from '@/features/reviews/components/review-list'
import { BookingPanel } from '@/features/sessions/components/booking-panel'
import type { RenderPayment } from '@/features/sessions/components/session-card'
import { SessionList } from '@/features/sessions/components/session-list'
import { toApiError } from '@/shared/api/errors'
import { useUser } from '@/shared/auth/current-user'
import { parseId, paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { forgetShellCover, getShellCover } from '@/shared/ui/shell-cover'
import { LoadingStatus } from '../layouts/startup-skeleton'
import { useHeldSeats } from './use-held-seats'
import { useRefreshSeats } from './use-refresh-seats'
import { useRefreshTeaching } from './use-refresh-teaching'

/** /lesson/:id/*: the lesson for signed-in users, the guest lesson page otherwise (§2). */
export default function LessonDetail() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { data: user } = useUser()
  const lessonId = parseId(id)
  if (lessonId === null) {
    return <NotFoundPage description={t('lessons.errors.idIsMissingOrNotValid')} />
  }
  return user ? (
    <UserLessonPage key={lessonId} lessonId={lessonId} viewer={user} />
  ) : (
    <GuestLessonPage key={lessonId} lessonId={lessonId} />
  )
}

/** GET /guest/lessons/{id} for guests. */
function GuestLessonPage({ lessonId }: { lessonId: number }) {
  return <LessonPage lesson={useGuestLesson(lessonId)} viewer={null} />
}

/** GET /lessons/{id} for signed-in users. */
function UserLessonPage({ lessonId, viewer }: { lessonId: number; viewer: CurrentUser }) {
  return <LessonPage lesson={useLesson(lessonId)} viewer={viewer} />
}

function LessonPage({
  lesson,
  viewer,
}: {
  lesson: UseQueryResult<Lesson>
  viewer: CurrentUser | null
}) {
  const { t } = useTranslation()
  const refreshLessons = useRefreshTeaching()
  const refreshSeats = useRefreshSeats()
  const heldSeats = useHeldSeats()
  const settled = !lesson.isPending
  // The static shell's cover stood in while the page first loaded: a later visit's skeleton shows
  // none rather than a cover the lesson may have changed since.
  useEffect(() => {
    if (settled && getShellCover()) forgetShellCover()
  }, [settled])
  if (lesson.isPending) return <LessonPageSkeleton />
  if (lesson.isError) {
    // A missing lesson shows the error page (§2); anything else can be tried again.
    if (toApiError(lesson.error).status === 404) return <NotFoundPage />
    return (
      <div className="p-4 sm:p-6">
        <LoadError onRetry={() => void lesson.refetch()}>{t('common.errors.common')}</LoadError>
      </div>
    )
  }
  const { data } = lesson
  const owner = viewer !== null && viewer.id === data.owner.id ? viewer : null
  const onSeatChanged = () => void refreshSeats(data.id)
  const renderPayment = payFor(data.title, onSeatChanged)
  // Only a student holds seats: before taking another, they hear of any it overlaps.
  const loadHeldSeats = viewer?.role === 'student' ? heldSeats : undefined
  // From lg the booking panel sits beside the content and stays in view while it scrolls; below
  // lg it comes between the lesson's head and its sessions, in reading order.
  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 gap-8 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:p-8">
      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">
        <LessonOverview lesson={data} />
        {owner && (
          <div>
            <Link to={paths.lesson.edit.href(data.id)} className={buttonClass('secondary')}>
              {t('lessons.detail.editLesson')}
            </Link>
          </div>
        )}
      </div>
      <div className="min-w-0 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <BookingPanel
          lessonId={data.id}
          lessonTitle={data.title}
          pricePerHour={data.price_in_cents}
          isOwner={owner !== null}
          renderPayment={renderPayment}
          onSeatChanged={onSeatChanged}
          loadHeldSeats={loadHeldSeats}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
        {owner ? (
          <Suspense fallback={<Loading />}>
            <SessionsEditor
              lessonId={data.id}
              lessonTitle={data.title}
              user={owner}
              onChanged={refreshLessons}
            />
          </Suspense>
        ) : (
          <SessionList
            lessonId={data.id}
            lessonTitle={data.title}
            renderPayment={renderPayment}
            onSeatChanged={onSeatChanged}
            loadHeldSeats={loadHeldSeats}
          />
        )}
        {viewer && <MaterialList lessonId={data.id} />}
        <div className="grid min-w-0 gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] xl:items-start">
          <OwnerCard owner={data.owner} viewerIsEducator={viewer?.role === 'educator'} />
          <ReviewList educatorId={data.owner.id} />
        </div>
      </div>
    </div>
  )
}

/** The lesson page's shape while it loads, with the static shell's cover when it came with one. */
function LessonPageSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingStatus />
      <LessonPageShapes cover={getShellCover()} />
    </div>
  )
}

/**
 * The owner's sessions editor, with its form and validation, loads only for the lesson's owner:
 * a student's or a guest's lesson page does not carry it.
 */
const SessionsEditor = lazy(async () => ({
  default: (await import('@/features/sessions/components/sessions-editor')).SessionsEditor,
}))

/** The payment dialog and the provider's SDK load only when a student starts paying. */
const PayDialog = lazy(async () => ({
  default: (await import('@/features/payments/components/pay-dialog')).PayDialog,
}))

/** The payments feature's dialog for a paid session of this lesson. */
const payFor =
  (lessonTitle: string, onSeatChanged: () => void): RenderPayment =>
  (session, close) => (
    <Suspense fallback={<Loading />}>
      <PayDialog
        lessonTitle={lessonTitle}
        session={session}
        onClose={close}
        onSeatChanged={onSeatChanged}
      />
    </Suspense>
  )
