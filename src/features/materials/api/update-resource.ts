import { updateResource as updateResourceCall } from '@contract/descriptors/resources'
import type { ResourceWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { materialKeys } from './keys'

type UpdateVariables = { resourceId: number; body: ResourceWriteBody }

/** PUT /lessons/:id/resources/:resourceId: replaces a material (a link's title, description, url). */
export const updateResource = (lessonId: number, { resourceId, body }: UpdateVariables) =>
  request(updateResourceCall, { params: { id: lessonId, resourceId }, body })

/** Replaces a material; the lesson's materials list is refetched. Callers show the outcome. */
export const useUpdateResource = (lessonId: number) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: UpdateVariables) => updateResource(lessonId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(lessonId) }),
  })
}
