import { useCallback } from 'react'
import { useUrlParams } from './use-url-params'

/** A page number read from the URL: a positive safe integer, otherwise the first page. */
export const pageFrom = (value: string | null) => {
  const page = Number(value)
  return Number.isSafeInteger(page) && page > 0 ? page : 1
}

/**
 * A list's page kept in the URL under `name`, so a reload, a shared link or Back shows the same
 * page. Page 1 leaves the parameter out; other parameters stay as they are, as the URL holds them
 * when the page changes (useUrlParams).
 */
export function usePageParam(name = 'page') {
  const [params, setParams] = useUrlParams()
  const page = pageFrom(params.get(name))
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current)
        if (next > 1) updated.set(name, String(next))
        else updated.delete(name)
        return updated
      }),
    [name, setParams],
  )
  return [page, setPage] as const
}
