/**
 * §7 paging rule, for every infinite list: the next page is requested while the previous page
 * returned items. Use as `getNextPageParam: (last, _all, lastParam) => nextPageWhileNonEmpty(last, lastParam)`.
 */
export const nextPageWhileNonEmpty = (lastPage: { data: unknown[] }, lastPageParam: number) =>
  lastPage.data.length > 0 ? lastPageParam + 1 : undefined
