import { listVideoLicences } from '@contract/descriptors/admin'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'

/** GET /admin/video-licences: the whole pool, oldest first, each with its holder or none. */
export const getVideoLicences = () => request(listVideoLicences)

export const videoLicencesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.licences(), queryFn: getVideoLicences })

export const useVideoLicences = () => useQuery(videoLicencesQueryOptions())
