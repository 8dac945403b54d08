import type { CurrentUser } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router-dom'
import { NotFoundPage } from '@/app/components/error-page'
import { useLesson } from '@/features/lessons/api/get-lesson'
import { LessonForm } from '@/features/lessons/components/lesson-form'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { SessionsEditor } from '@/features/sessions/components/sessions-editor'
import { toApiError } from '@/shared/api/errors'
import { useUser } from '@/shared/auth/current-user'
import { parseId, paths } from '@/shared/config/paths'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { useRefreshLessonTerms, useRefreshTeaching } from './use-refresh-teaching'

/**
 * /lesson/new and /lesson/:id/edit (§2). The router lets approved educators in; editing is
 * further kept to the lesson's owner.
 */
export default function LessonFormRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { data: user } = useUser()
  if (id === undefined) return <LessonForm />
  const lessonId = parseId(id)
  if (lessonId === null) {
    return <NotFoundPage description={t('lessons.errors.idIsMissingOrNotValid')} />
  }
  if (!user) return <Loading />
  return <EditLesson key={lessonId} lessonId={lessonId} user={user} />
}

function EditLesson({ lessonId, user }: { lessonId: number; user: CurrentUser }) {
  const { t } = useTranslation()
  const lesson = useLesson(lessonId)
  const refreshLessons = useRefreshTeaching()
  const refreshTerms = useRefreshLessonTerms()
  if (lesson.isPending) return <Loading />
  if (lesson.isError) {
    if (toApiError(lesson.error).status === 404) return <NotFoundPage />
    return (
      <div className="p-4 sm:p-6">
        <LoadError onRetry={() => void lesson.refetch()}>{t('lessons.edit.loadFailed')}</LoadError>
      </div>
    )
  }
  // Only its owner edits a lesson; the server refuses anyone else's save as well.
  if (lesson.data.owner.id !== user.id) return <Navigate to={paths.unauthorized.href()} replace />
  return (
    <LessonForm
      key={lesson.data.id}
      lesson={lesson.data}
      sessionsSection={
        <SessionsEditor
          lessonId={lesson.data.id}
          lessonTitle={lesson.data.title}
          user={user}
          onChanged={refreshLessons}
        />
      }
      materialsSection={<MaterialsEditor lessonId={lesson.data.id} />}
      onUpdated={(updated) => void refreshTerms(updated.id)}
    />
  )
}
