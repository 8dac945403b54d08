/**
 * §7 paging rule, for every infinite list: the next page is requested while the previous page
 * returned items. Use as `getNextPageParam: (last, _all, lastParam) => nextPageWhileNonEmpty(last, lastParam)`.
 */
export const nextPageWhileNonEmpty = (lastPage: { data: unknown[] }, lastPageParam: number) =>
  lastPage.data.length > 0 ? lastPageParam + 1 : undefined

/**
 * A page of a list paged by key: its number, and from the second on the last item of the page
 * before, which the server starts after (the catalogue's `after`: as fast deep in a long list as
 * at its top, and no item twice when one is added meanwhile).
 */
export interface KeysetPageParam {
  page: number
  after?: number
}

export const FIRST_KEYSET_PAGE: KeysetPageParam = { page: 1 }

/** The §7 rule for a list paged by key: the next page, after the last item, while there was one. */
export const nextPageAfterLast = (
  lastPage: { data: readonly { id: number }[] },
  lastPageParam: KeysetPageParam,
): KeysetPageParam | undefined => {
  const last = lastPage.data.at(-1)
  return last ? { page: lastPageParam.page + 1, after: last.id } : undefined
}
