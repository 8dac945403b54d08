import type { AxiosRequestConfig } from 'axios'
import type { CallOptions, ResultOf } from '@contract/client'
import { buildPath, type Descriptor } from '@contract/descriptor'
import { api } from './client'

type Empty = Record<never, never>

/** Axios settings a call may add: the answer's type, extra headers, progress, a status rule. */
export type RequestConfig = Pick<
  AxiosRequestConfig,
  | 'responseType'
  | 'headers'
  | 'transformResponse'
  | 'validateStatus'
  | 'onUploadProgress'
  | 'signal'
>

type RequestArgs<D extends Descriptor> =
  Empty extends CallOptions<D>
    ? [options?: CallOptions<D>, config?: RequestConfig]
    : [options: CallOptions<D>, config?: RequestConfig]

/**
 * Calls a contract endpoint through the one client: `request(getLesson, { params: { id } })`. The
 * method and path come from the descriptor, the params, query and body types and the answer's type
 * from the endpoint's schemas, so no call writes a path or asserts a type by hand.
 */
export const request = async <D extends Descriptor>(
  descriptor: D,
  ...[options, config]: RequestArgs<D>
): Promise<ResultOf<D>> => {
  const { params, query, body } = (options ?? {}) as {
    params?: Record<string, string | number>
    query?: object
    body?: unknown
  }
  const { data } = await api.request<ResultOf<D>>({
    ...config,
    method: descriptor.method,
    url: buildPath(descriptor.path, params),
    params: query,
    data: body,
  })
  return data
}
