import { COVER_HEIGHT, COVER_WIDTH, IMAGE_MIME_TYPES, UPLOAD_LIMIT_BYTES } from '@contract/rules'
import { type DragEvent, type Ref, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { FALLBACK_LESSON_IMAGE } from './lesson-cover'

/** Why a chosen file cannot be the cover (§5), as a translation key; null when it can. */
export const coverProblem = (file: File): string | null => {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
    return 'lessons.form.errors.imageType'
  }
  if (file.size > UPLOAD_LIMIT_BYTES) return 'lessons.form.errors.imageTooLarge'
  if (file.size === 0) return 'lessons.form.errors.imageEmpty'
  return null
}

/**
 * The cover as it is shown: a new file through a blob URL made for it and revoked when the file
 * changes or the preview goes (§2 preview), otherwise the lesson's current cover.
 */
function CoverPreview({
  file,
  url,
  onUnreadable,
}: {
  file: File | null
  url: string | null
  /** The new file is no picture the browser can read (a text file named .png, say). */
  onUnreadable: () => void
}) {
  const { t } = useTranslation()
  const image = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const element = image.current
    if (!file || !element) return
    const objectUrl = URL.createObjectURL(file)
    element.src = objectUrl
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return (
    <img
      key={file ? 'new' : 'current'}
      ref={image}
      src={file ? undefined : (url ?? undefined)}
      alt={t('lessons.form.imagePreview')}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      onError={(event) => {
        if (file) onUnreadable()
        else if (!event.currentTarget.src.endsWith(FALLBACK_LESSON_IMAGE)) {
          event.currentTarget.src = FALLBACK_LESSON_IMAGE
        }
      }}
      className="aspect-video w-full object-cover"
    />
  )
}

type CoverDropZoneProps = {
  /** A new image chosen in this form, not uploaded yet. */
  file: File | null
  /** The lesson's current cover (absolute URL) while it is kept. */
  currentUrl: string | null
  onSelect: (file: File) => void
  /** A file that cannot be the cover, with the translation key of why. */
  onReject: (problemKey: string) => void
  /** The chosen file turned out to be no picture as its preview loaded: it is to be dropped. */
  onUnreadable: () => void
  onRemove: () => void
  /** Already translated. */
  error?: string | undefined
  /**
   * The file input, the zone's focusable control: the form moves focus there when the image is
   * what stops a submit (the error is beside it and describes it).
   */
  ref?: Ref<HTMLInputElement>
}

/**
 * The cover image (§2): a drop zone that is the label of a real file input, so a click, Enter or
 * Space opens the picker and a file can also be dropped on it. Once there is an image the zone
 * gives way to its preview and a remove button; removing brings the zone back (§4).
 */
export function CoverDropZone({
  file,
  currentUrl,
  onSelect,
  onReject,
  onUnreadable,
  onRemove,
  error,
  ref,
}: CoverDropZoneProps) {
  const { t } = useTranslation()
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const [dragging, setDragging] = useState(false)

  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    const problem = coverProblem(chosen)
    if (problem) onReject(problem)
    else onSelect(chosen)
  }

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files[0])
  }

  const errorText = error ? (
    <p id={errorId} className="text-sm text-red-700">
      {error}
    </p>
  ) : null

  if (file || currentUrl !== null) {
    return (
      <div className="flex min-w-0 flex-col gap-2">
        <span className="text-sm font-medium text-slate-800">{t('lessons.form.image')}</span>
        <div className="relative overflow-hidden rounded-xl bg-brand-50 ring-1 ring-slate-200">
          <CoverPreview file={file} url={currentUrl} onUnreadable={onUnreadable} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {file && <span className="min-w-0 text-sm break-all text-slate-600">{file.name}</span>}
          <Button variant="secondary" onClick={onRemove}>
            {t('lessons.form.removeImage')}
          </Button>
        </div>
        {errorText}
      </div>
    )
  }

  return (
    // Relative, so the visually hidden input sits (and is scrolled to) at the top of its zone.
    <div className="relative flex min-w-0 flex-col gap-2">
      <input
        ref={ref}
        id={inputId}
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className="peer sr-only"
        onChange={(event) => {
          choose(event.target.files?.[0])
          // The same file may be chosen again after it was removed.
          event.target.value = ''
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-6 text-center transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${
          dragging
            ? 'border-brand-500 bg-brand-50'
            : error
              ? 'border-red-500 bg-white hover:bg-slate-50'
              : 'border-slate-300 bg-white hover:bg-slate-50'
        }`}
      >
        {/* Children ignore the pointer, so moving over them does not end the drag-over state. */}
        <span className="pointer-events-none text-sm font-medium text-slate-800">
          {t('lessons.form.image')}
        </span>
        <span className="pointer-events-none text-sm text-brand-700">
          {t('lessons.form.imageDrop')}
        </span>
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {t('lessons.form.imageHint')}
      </p>
      {errorText}
    </div>
  )
}
