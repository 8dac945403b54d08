import { deleteResource as deleteResourceCall } from '@contract/descriptors/resources'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { materialKeys } from './keys'

/** DELETE /lessons/:id/resources/:resourceId: removes a material (and its file). */
export const deleteResource = (lessonId: number, resourceId: number) =>
  request(deleteResourceCall, { params: { id: lessonId, resourceId } })

/** Removes a material; the lesson's materials list is refetched. Callers show the outcome. */
export const useDeleteResource = (lessonId: number) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (resourceId: number) => deleteResource(lessonId, resourceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(lessonId) }),
  })
}
