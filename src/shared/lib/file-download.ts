import type { AxiosResponseHeaders } from 'axios'

/** Hands a downloaded file to the browser under `filename`, through a short-lived object URL. */
export const saveBlob = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * For a file read as text: its error bodies are JSON all the same, parsed here so the helpers
 * of shared/api/errors.ts read them.
 */
export const parseJsonErrors = (data: unknown, headers: AxiosResponseHeaders) => {
  const type = String(headers.get('content-type') ?? '')
  if (typeof data === 'string' && type.includes('json')) {
    try {
      return JSON.parse(data) as unknown
    } catch {
      return data
    }
  }
  return data
}
