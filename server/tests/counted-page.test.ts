import { describe, expect, it, vi } from 'vitest'
import { pageRequest } from '../../contract/paging.ts'
import { countedPage } from '../src/repositories/counted-page.ts'

/** A page of `rows` numbered rows, and a count query that answers `total` and says if it ran. */
const listOf = async (rows: number, total: number, page: { page: number; take: number }) => {
  const count = vi.fn(() => Promise.resolve(total))
  const request = pageRequest(page, 20)
  const result = await countedPage(
    request,
    Promise.resolve(Array.from({ length: rows }, (_, index) => request.offset + index)),
    count,
  )
  return { ...result, counted: count.mock.calls.length > 0 }
}

describe('countedPage', () => {
  it('takes the count from a page that is not full, without counting', async () => {
    expect(await listOf(7, 999, { page: 1, take: 20 })).toMatchObject({
      itemCount: 7,
      counted: false,
    })
    // The last page of three: the rows of the two before and its own.
    expect(await listOf(3, 999, { page: 3, take: 20 })).toMatchObject({
      itemCount: 43,
      counted: false,
    })
    // One short of full.
    expect(await listOf(19, 999, { page: 2, take: 20 })).toMatchObject({
      itemCount: 39,
      counted: false,
    })
  })

  it('an empty first page is an empty list', async () => {
    expect(await listOf(0, 999, { page: 1, take: 20 })).toEqual({
      records: [],
      itemCount: 0,
      counted: false,
    })
  })

  it('counts when a full page may have more after it', async () => {
    const full = await listOf(20, 57, { page: 1, take: 20 })
    expect(full).toMatchObject({ itemCount: 57, counted: true })
    expect(full.records).toHaveLength(20)
    // Exactly full and the last: only the count can tell.
    expect(await listOf(20, 40, { page: 2, take: 20 })).toMatchObject({
      itemCount: 40,
      counted: true,
    })
    expect(await listOf(1, 5, { page: 1, take: 1 })).toMatchObject({ itemCount: 5, counted: true })
  })

  it('counts when a page past the first is empty: the list may have ended pages before', async () => {
    expect(await listOf(0, 12, { page: 5, take: 20 })).toMatchObject({
      records: [],
      itemCount: 12,
      counted: true,
    })
  })
})
