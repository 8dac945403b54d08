/** How every list endpoint pages, the same on the server and in the mock catalogue. */
import type { PageMeta, Paginated } from './common.ts'

/** The page a list call asks for: page 1 and the endpoint's own page size unless told. */
export interface PageRequest {
  page: number
  take: number
  offset: number
}

export const pageRequest = (
  query: { page?: number | undefined; take?: number | undefined } | undefined,
  defaultTake: number,
): PageRequest => {
  const page = query?.page ?? 1
  const take = query?.take ?? defaultTake
  return { page, take, offset: (page - 1) * take }
}

/** `{ data, meta }` as every list endpoint answers it; a page past the last one is empty. */
export const toPage = <T>(data: T[], request: PageRequest, itemCount: number): Paginated<T> => {
  const pageCount = Math.ceil(itemCount / request.take)
  const meta: PageMeta = {
    page: request.page,
    take: request.take,
    itemCount,
    pageCount,
    hasNextPage: request.page < pageCount,
  }
  return { data, meta }
}
