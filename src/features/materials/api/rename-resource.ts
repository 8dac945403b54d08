import { renameResource as renameResourceCall } from '@contract/descriptors/resources'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { materialKeys } from './keys'

type RenameVariables = { resourceId: number; title: string }

/** PATCH /lessons/:id/resources/:resourceId: sends the new title only (§7). */
export const renameResource = (lessonId: number, { resourceId, title }: RenameVariables) =>
  request(renameResourceCall, { params: { id: lessonId, resourceId }, body: { title } })

/** Renames a material; the lesson's materials list is refetched. Callers show the outcome. */
export const useRenameResource = (lessonId: number) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: RenameVariables) => renameResource(lessonId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.list(lessonId) }),
  })
}
