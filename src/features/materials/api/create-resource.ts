import { createResource as createResourceCall } from '@contract/descriptors/resources'
import type { ResourceWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { materialKeys } from './keys'

/** POST /lessons/:id/resources: adds a link, or a file uploaded just before, to a lesson. */
export const createResource = (lessonId: number, body: ResourceWriteBody) =>
  request(createResourceCall, { params: { id: lessonId }, body })

/** Adds a material; the lesson's materials list is refetched. Callers show the outcome. */
export const useCreateResource = (lessonId: number) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ResourceWriteBody) => createResource(lessonId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(lessonId) }),
  })
}
