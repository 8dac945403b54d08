import {
  exceedsUploadLimit,
  firstCharacters,
  FILE_NAME_MAX,
  isAllowedMaterial,
  isBlankFileName,
  LINK_TEXT_MAX,
  MATERIAL_EXTENSIONS,
  resourceTypeFromFilename,
} from '@contract/rules'
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { uploadQuotaRefusal } from '@/shared/api/upload-quota'
import { apiAssetUrl } from '@/shared/config/env'
import { formatFileSize } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { useCreateResource } from '../api/create-resource'
import { InvalidUploadReplyError, useUploadResourceFile } from '../api/upload-resource-file'

/** The types the hint names first (§2); the others of §5 are listed after them. */
const HINTED = ['pdf', 'doc', 'ppt', 'xls', 'docx', 'pptx', 'xlsx']
const OTHERS = MATERIAL_EXTENSIONS.filter((ext) => !HINTED.includes(ext))
const ACCEPT = MATERIAL_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/** §5's checks, in the order a user can fix them; the translation key of the first that fails. */
const fileProblem = (file: File | null) => {
  if (!file) return 'materials.editor.files.noFile'
  if (isBlankFileName(file.name)) return 'materials.editor.files.blankName'
  if ([...file.name.trim()].length > FILE_NAME_MAX) return 'materials.editor.files.nameTooLong'
  if (!isAllowedMaterial(file.name.trim())) return 'materials.editor.files.invalidType'
  if (exceedsUploadLimit(file.size)) return 'materials.editor.files.tooLarge'
  if (file.size === 0) return 'materials.editor.files.emptyFile'
  return null
}

/**
 * Adds a file material: a file input and a drop zone, the checks of §5 before anything is sent,
 * then the upload with its progress, then the material itself (type from the extension, url on
 * the API base). One toast says how it ended: uploaded, or why not.
 */
export function FileUpload({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const progressId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  /** Null while the share sent is unknown; undefined when no upload runs. */
  const [progress, setProgress] = useState<number | null | undefined>(undefined)
  const upload = useUploadResourceFile(lessonId)
  const create = useCreateResource(lessonId)
  const busy = progress !== undefined || create.isPending

  const choose = (chosen: File | null) => {
    setFile(chosen)
    setProblem(chosen ? fileProblem(chosen) : null)
  }

  const clear = () => {
    setFile(null)
    setProblem(null)
    if (input.current) input.current.value = ''
  }

  const send = async (chosen: File) => {
    setProgress(null)
    let uploaded
    try {
      uploaded = await upload.mutateAsync({ file: chosen, onProgress: setProgress })
    } catch (error) {
      const quota = uploadQuotaRefusal(error)
      toast.error(
        error instanceof InvalidUploadReplyError
          ? t('materials.editor.files.invalidReply')
          : quota !== null
            ? t('materials.editor.files.storageQuota', { quota })
            : serverMessage(error, t('materials.editor.files.uploadFailed')),
      )
      return
    } finally {
      setProgress(undefined)
    }
    const name = chosen.name.trim()
    try {
      await create.mutateAsync({
        title: firstCharacters(name, LINK_TEXT_MAX.title),
        type: resourceTypeFromFilename(name),
        url: apiAssetUrl(uploaded.path),
        description: '',
        lessonId,
        fileId: uploaded.id,
      })
    } catch (error) {
      toast.error(serverMessage(error, t('materials.editor.failed')))
      return
    }
    // One upload, one toast: the file is a material once both steps are done.
    toast.success(t('materials.editor.files.uploaded'))
    clear()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = fileProblem(file)
    setProblem(found)
    if (found || !file) {
      // The problem is written beside the file input, which describes it: focus goes there.
      input.current?.focus()
      return
    }
    void send(file)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (busy) return
    choose(event.dataTransfer.files[0] ?? null)
  }

  const percent = progress == null ? null : Math.round(progress * 100)
  const describedBy = [hintId, problem ? errorId : null].filter(Boolean).join(' ')

  return (
    <form noValidate aria-label={t('materials.editor.files.formLabel')} onSubmit={submit}>
      {/* Relative, so the visually hidden input sits (and is scrolled to) inside the zone. */}
      <div
        onDragEnter={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragOver={(event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
        data-testid="material-drop-zone"
        className={`relative flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p className="text-sm text-slate-700">{t('materials.editor.files.drop')}</p>
        {/* The browser's own file button and "no file chosen" speak the browser's language: the
            input is visually hidden and our label, styled as a button, stands in for it. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
        >
          {t('materials.editor.files.choose')}
        </label>
        {!file && !problem && (
          <p className="text-sm text-slate-600">{t('materials.editor.files.noFile')}</p>
        )}
        <p id={hintId} className="text-xs text-slate-600">
          {t('materials.editor.files.hint', {
            types: HINTED.join(', '),
            others: OTHERS.join(', '),
          })}
        </p>
      </div>
      {file && !problem && (
        <p className="mt-2 text-sm text-slate-700">
          {t('materials.editor.files.selected', {
            name: file.name,
            size: formatFileSize(file.size, language),
          })}
        </p>
      )}
      {problem && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {t(problem, { max: FILE_NAME_MAX })}
        </p>
      )}
      {progress !== undefined && file && (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={progressId} className="text-sm text-slate-700">
            {percent === null
              ? t('materials.editor.files.uploading', { name: file.name })
              : t('materials.editor.files.uploadingPercent', { name: file.name, percent })}
          </label>
          <progress
            id={progressId}
            max={100}
            value={percent ?? undefined}
            className="h-2 w-full accent-brand-600"
          />
        </div>
      )}
      <div className="mt-3">
        <Button type="submit" pending={busy}>
          {t('materials.editor.files.upload')}
        </Button>
      </div>
    </form>
  )
}
