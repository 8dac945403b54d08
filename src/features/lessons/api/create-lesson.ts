import { createLesson as createLessonCall } from '@contract/descriptors/lessons'
import type { LessonWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { lessonKeys } from './keys'

/** POST /lessons: the first save of the form (§7); the answer is the new lesson. */
export const createLesson = (body: LessonWriteBody) => request(createLessonCall, { body })

/**
 * A new lesson has no session yet, so no catalogue lists it (§4): nothing cached changes. Its
 * detail is cached, so the edit screen it leads to opens at once. The caller shows the outcome.
 */
export const useCreateLesson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLesson,
    onSuccess: (lesson) => {
      queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson)
      // The educator's own list shows it at once; the catalogues wait for its first session.
      void queryClient.invalidateQueries({ queryKey: lessonKeys.mine() })
    },
  })
}
