import { RANGE_INSTANT_PATTERN } from '@contract/rules'
import { useCallback, useMemo } from 'react'
import { useUrlParams } from '@/shared/lib/use-url-params'
import type { InstantRangeFilter, RefundListFilters, SessionListFilters } from '../api/keys'

const INSTANT = new RegExp(RANGE_INSTANT_PATTERN)

/** A bound as the server takes it, or none: a malformed one in a URL is dropped, not sent. */
const instantOf = (value: string | null) =>
  value !== null && INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : null

/** A page number from a URL: a positive integer, or the first page. */
export const pageOf = (value: string | null) => {
  const page = Number(value)
  return Number.isSafeInteger(page) && page > 0 ? page : 1
}

/** The range of a list's URL; a range that ends before it starts keeps only its start. */
const readRange = (params: URLSearchParams): InstantRangeFilter => {
  const from = instantOf(params.get('from'))
  const to = instantOf(params.get('to'))
  return { from, to: from && to && Date.parse(to) < Date.parse(from) ? null : to }
}

export const readSessionFilters = (params: URLSearchParams): SessionListFilters => {
  const cancelled = params.get('cancelled')
  return {
    ...readRange(params),
    cancelled: cancelled === 'true' ? true : cancelled === 'false' ? false : null,
    page: pageOf(params.get('page')),
  }
}

export const readRefundFilters = (params: URLSearchParams): RefundListFilters => ({
  ...readRange(params),
  page: pageOf(params.get('page')),
})

/** The query string of a list's filters: what is unset is left out, page 1 too. */
export const listParams = (filters: InstantRangeFilter & { page: number }) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters) as [
    string,
    string | number | boolean | null,
  ][]) {
    if (value !== null && !(name === 'page' && value === 1)) params.set(name, String(value))
  }
  return params
}

/**
 * A list's filters kept in the URL, read by `read`, so the overview's links open it as they
 * count it. A change starts again at page 1 unless it names a page.
 */
export function useListFilters<F extends InstantRangeFilter & { page: number }>(
  read: (params: URLSearchParams) => F,
) {
  const [params, setParams] = useUrlParams()
  const filters = useMemo(() => read(params), [read, params])
  const setFilters = useCallback(
    (change: Partial<F>) =>
      setParams((current) => listParams({ ...read(current), page: 1, ...change })),
    [read, setParams],
  )
  return { filters, setFilters }
}
