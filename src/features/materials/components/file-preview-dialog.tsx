import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '@/shared/ui/button'
import { Dialog } from '@/shared/ui/dialog'

/** What the browser shows itself: a PDF in its viewer, an image, or plain text. */
export type PreviewKind = 'pdf' | 'image' | 'text'

export interface FilePreview {
  kind: PreviewKind
  /** False when the bytes are not what `kind` says: the dialog says it could not load the file. */
  showable: boolean
  title: string
  filename: string
  /** An object URL of the file's bytes, revoked by whoever created it. */
  url: string
  /** The file's text, for a text preview. */
  text: string | null
}

/**
 * A material's file shown in a modal (§8: "could not load file" when it cannot), with a link
 * to save it. A file found broken before it is shown, or an image the browser cannot decode,
 * says so instead of a broken image or the PDF viewer's own error.
 */
export function FilePreviewDialog({
  preview,
  onClose,
}: {
  preview: FilePreview | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  if (!preview) return null
  const broken = !preview.showable || brokenUrl === preview.url
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('materials.preview.title', { title: preview.title })}
      widthClass="max-w-4xl"
    >
      {broken ? (
        <p role="alert" className="text-red-800">
          {t('materials.preview.failed')}
        </p>
      ) : preview.kind === 'pdf' ? (
        <iframe
          src={preview.url}
          title={preview.title}
          className="h-[70vh] w-full rounded-md border border-slate-200"
        />
      ) : preview.kind === 'image' ? (
        <img
          src={preview.url}
          alt={preview.title}
          onError={() => setBrokenUrl(preview.url)}
          className="mx-auto max-h-[70vh] max-w-full object-contain"
        />
      ) : (
        <pre
          // Scrollable content must be reachable by keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={preview.title}
          className="max-h-[70vh] overflow-auto rounded-md bg-slate-50 p-4 text-sm break-words whitespace-pre-wrap text-slate-800"
        >
          {preview.text}
        </pre>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('materials.preview.close')}
        </Button>
        <a href={preview.url} download={preview.filename} className={buttonClass('primary')}>
          {t('materials.preview.download')}
        </a>
      </div>
    </Dialog>
  )
}
