import type { Resource } from '@contract/index'
import { fileExtension, isPdfContent, isPlainText, sniffImageType } from '@contract/rules'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { saveBlob } from '@/shared/lib/file-download'
import { type MaterialFile, useDownloadMaterialFile } from '../api/download-file'
import { type FilePreview, FilePreviewDialog, type PreviewKind } from './file-preview-dialog'

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
const TEXT_TYPES = ['text/plain', 'text/csv', 'text/markdown']
const BY_EXTENSION: Record<string, { kind: PreviewKind; type: string }> = {
  pdf: { kind: 'pdf', type: 'application/pdf' },
  png: { kind: 'image', type: 'image/png' },
  jpg: { kind: 'image', type: 'image/jpeg' },
  jpeg: { kind: 'image', type: 'image/jpeg' },
  txt: { kind: 'text', type: 'text/plain' },
}

/**
 * How the browser can show a file: by its Content-Type, or, when the server only said
 * "octet-stream", by its name. Anything else (doc, ppt, xls…) is saved instead.
 */
const previewOf = (file: MaterialFile): { kind: PreviewKind; type: string } | null => {
  const type = file.blob.type.split(';')[0]!.trim().toLowerCase()
  if (type === 'application/pdf') return { kind: 'pdf', type }
  if (IMAGE_TYPES.includes(type)) return { kind: 'image', type }
  if (TEXT_TYPES.includes(type)) return { kind: 'text', type }
  if (type === '' || type === 'application/octet-stream') {
    return BY_EXTENSION[fileExtension(file.filename ?? '')] ?? null
  }
  return null
}

/**
 * Whether a file's bytes are what it is about to be shown as (§8: otherwise "could not load
 * file"): a PDF starts with its header, an image with its signature (whether it decodes, the
 * `<img>` tells), a text is UTF-8 without NUL bytes. Left to the browser, a broken PDF shows the
 * viewer's own "Failed to load PDF document" in the dialog.
 */
const isShowable = async (kind: PreviewKind, blob: Blob) => {
  if (kind === 'text') return isPlainText(new Uint8Array(await blob.arrayBuffer()))
  const head = new Uint8Array(await blob.slice(0, 16).arrayBuffer())
  return kind === 'pdf' ? isPdfContent(head) : sniffImageType(head) !== null
}

type OpenFileButtonProps = {
  resource: Resource & { fileId: number }
  children: ReactNode
  className?: string
  /** The accessible name, when the visible text is not enough on its own. */
  'aria-label'?: string
}

/**
 * Opens a file material: fetches its bytes with the API client (credentials sent), then previews
 * a PDF, an image or a text in a dialog, or saves any other file under its name.
 */
export function OpenFileButton({
  resource,
  children,
  className,
  'aria-label': ariaLabel,
}: OpenFileButtonProps) {
  const { t } = useTranslation()
  const download = useDownloadMaterialFile()
  const [preview, setPreview] = useState<FilePreview | null>(null)

  // The object URL lives as long as its preview is shown.
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview.url)
  }, [preview])

  const show = async (file: MaterialFile) => {
    const filename = file.filename ?? resource.title
    const how = previewOf(file)
    if (!how) {
      saveBlob(file.blob, filename)
      return
    }
    const blob = file.blob.type === how.type ? file.blob : new Blob([file.blob], { type: how.type })
    const showable = await isShowable(how.kind, blob)
    const text = showable && how.kind === 'text' ? await blob.text() : null
    setPreview({
      kind: how.kind,
      showable,
      title: resource.title,
      filename,
      url: URL.createObjectURL(blob),
      text,
    })
  }

  const open = () => {
    // Still focusable while the file downloads (a disabled button drops focus), so refuse here.
    if (download.isPending) return
    download.mutate(resource.fileId, {
      onSuccess: (file) => {
        show(file).catch(() => {
          toast.error(t('materials.preview.failed'))
        })
      },
      onError: () => {
        toast.error(t('materials.preview.failed'))
      },
    })
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        aria-disabled={download.isPending || undefined}
        aria-busy={download.isPending || undefined}
        aria-label={ariaLabel}
        className={className}
      >
        {children}
      </button>
      <FilePreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </>
  )
}
