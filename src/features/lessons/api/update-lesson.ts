import { updateLesson as updateLessonCall } from '@contract/descriptors/lessons'
import type { LessonWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { lessonKeys } from './keys'

type UpdateLessonInput = { id: number; body: LessonWriteBody }

/** PUT /lessons/{id}: the same payload as create (§7). */
export const updateLesson = ({ id, body }: UpdateLessonInput) =>
  request(updateLessonCall, { params: { id }, body })

/**
 * The lesson's own page takes the answer as it is; both catalogues and the guest page show its
 * title, category and price, so they are fetched again. The caller shows the outcome.
 */
export const useUpdateLesson = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateLesson,
    onSuccess: async (lesson) => {
      queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.guestLists() }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.guestDetail(lesson.id) }),
        queryClient.invalidateQueries({ queryKey: lessonKeys.mine() }),
      ])
    },
  })
}
