/**
 * Whether a request's URL (path and query) is one of the API's: `prefix` itself, with or without
 * a query, or anything below it. A path that only starts like it (`/apiary`) is not.
 */
export const apiUrlTest = (prefix: string) => {
  const below = `${prefix}/`
  const withQuery = `${prefix}?`
  return (url: string) => url.startsWith(below) || url === prefix || url.startsWith(withQuery)
}
