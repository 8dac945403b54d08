import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { parseId } from '@/shared/config/paths'
import { ScreenTitle } from '@/shared/ui/screen-title'

/** /lesson/:id/*: the lesson for signed-in users, the guest lesson page otherwise (§2). */
export default function LessonDetail() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { data: user } = useUser()
  if (parseId(id) === null) {
    return (
      <p role="alert" className="p-6 text-red-700">
        {t('lessons.errors.idIsMissingOrNotValid')}
      </p>
    )
  }
  return <ScreenTitle titleKey={user ? 'lessons.detail.title' : 'guest.lesson.title'} />
}
