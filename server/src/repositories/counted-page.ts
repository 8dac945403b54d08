import type { PageRequest } from '../../../contract/paging.ts'

/**
 * A page of a list with the number of its matches, counted by a query of its own only when the
 * page cannot tell it: a page that is not full is the last, so the matches are the rows before it
 * and its own, unless it is empty past the first page (the list may have ended pages before).
 * Most of a student's lists, a lesson's sessions and an exact search fit one page, and each round
 * trip to the database costs the server and the database about as much CPU as the small query.
 */
export const countedPage = async <T>(
  page: PageRequest,
  rows: Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ records: T[]; itemCount: number }> => {
  const records = await rows
  const itemCount =
    records.length < page.take && (records.length > 0 || page.offset === 0)
      ? page.offset + records.length
      : await count()
  return { records, itemCount }
}

/** The number a `select({ count: count() })` answers. */
export const countOf = async (rows: PromiseLike<{ count: number }[]>) => (await rows)[0]?.count ?? 0
