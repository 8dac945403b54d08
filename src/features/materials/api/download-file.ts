import { downloadFile as downloadFileCall } from '@contract/descriptors/resources'
import { useMutation } from '@tanstack/react-query'
import { AxiosHeaders, type AxiosResponseHeaders } from 'axios'
import { request } from '@/shared/api/request'

/** A material's bytes as the browser can show or save them, and the name the server gave them. */
export interface MaterialFile {
  blob: Blob
  /** From Content-Disposition when the server sent (and exposed) one. */
  filename: string | null
}

const header = (headers: AxiosResponseHeaders | undefined, name: string) => {
  const value: unknown = headers ? AxiosHeaders.from(headers).get(name) : undefined
  return typeof value === 'string' ? value : ''
}

/** The file name of `attachment; filename="a.pdf"` or its UTF-8 form `filename*=UTF-8''…`. */
export const dispositionFilename = (disposition: string): string | null => {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2])?.trim()
  return name ? name : null
}

/**
 * The bytes arrive as an ArrayBuffer and become a Blob typed by Content-Type here, rather than
 * through axios' 'blob' type: the same Blob in the browser, and one the test environment's
 * interceptor can carry too. An error answer is JSON and is parsed, so the caller reads the
 * server's message as from any other call.
 */
const toMaterialFile = (data: unknown, headers: AxiosResponseHeaders, status?: number) => {
  if (Object.prototype.toString.call(data) !== '[object ArrayBuffer]') return data
  if (status !== undefined && status >= 400) {
    try {
      return JSON.parse(new TextDecoder().decode(data as ArrayBuffer)) as unknown
    } catch {
      return {}
    }
  }
  const type = header(headers, 'content-type') || 'application/octet-stream'
  const file: MaterialFile = {
    blob: new Blob([data as ArrayBuffer], { type }),
    filename: dispositionFilename(header(headers, 'content-disposition')),
  }
  return file
}

/** GET /files/:fileId: an uploaded material's bytes, with credentials as every call (§7). */
export const downloadMaterialFile = async (fileId: number): Promise<MaterialFile> => {
  const reply: unknown = await request(
    downloadFileCall,
    { params: { fileId } },
    {
      responseType: 'arraybuffer',
      headers: { Accept: '*/*' },
      transformResponse: toMaterialFile,
    },
  )
  return reply as MaterialFile
}

/** Fetches a material's file; the caller previews or saves it, or says it could not load. */
export const useDownloadMaterialFile = () => useMutation({ mutationFn: downloadMaterialFile })
