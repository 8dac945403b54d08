import { useParams } from 'react-router-dom'
import { ScreenTitle } from '@/shared/ui/screen-title'

/** §2: 'newLesson' when creating, 'updateLesson' when a lesson id exists. */
export default function LessonForm() {
  const { id } = useParams()
  return <ScreenTitle titleKey={id ? 'lessons.form.updateLesson' : 'lessons.form.newLesson'} />
}
