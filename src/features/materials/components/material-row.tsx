import type { Resource } from '@contract/index'
import { safeWebUrl } from '@contract/rules'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { errorKeys } from '@/shared/lib/validation'
import { Button, buttonClass } from '@/shared/ui/button'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { TextField } from '@/shared/ui/text-field'
import { UrlText } from '@/shared/ui/url-text'
import { useDeleteResource } from '../api/delete-resource'
import { useRenameResource } from '../api/rename-resource'
import { EditLinkDialog } from './edit-link-dialog'
import { OpenFileButton } from './open-file-button'

const TITLE_MAX = 200
const smallButton = 'px-3 py-1.5'

type RenameFormProps = {
  resource: Resource
  /** Leaves rename mode, saved or cancelled. */
  onDone: () => void
}

/**
 * The title in rename mode: Enter or Save saves it, Escape or Cancel leaves it unchanged. A blank
 * title is refused beside the field, which takes focus back: a file's title is its name (§5:
 * 'File name cannot be empty'), a link's a required field like in its own form.
 */
function RenameForm({ resource, onDone }: RenameFormProps) {
  const { t } = useTranslation()
  const rename = useRenameResource(resource.lessonId)
  const [title, setTitle] = useState(resource.title)
  const [error, setError] = useState<string | undefined>()
  const field = useRef<HTMLInputElement>(null)

  const save = () => {
    const next = title.trim()
    if (next === '') {
      setError(resource.fileId === null ? errorKeys.required : 'materials.editor.files.blankName')
      field.current?.focus()
      return
    }
    if (next === resource.title) {
      onDone()
      return
    }
    rename.mutate(
      { resourceId: resource.id, title: next },
      {
        onSuccess: () => {
          toast.success(t('materials.editor.updated'))
          onDone()
        },
        onError: (failure) => {
          toast.error(serverMessage(failure, t('materials.editor.failed')))
        },
      },
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || rename.isPending) return
    // Escape belongs to this form: it must not also close a dialog around it.
    event.preventDefault()
    event.stopPropagation()
    onDone()
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape cancels the form its focus is in
    <form
      noValidate
      aria-label={t('materials.editor.rename.formLabel', { title: resource.title })}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
      className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start"
    >
      <TextField
        ref={field}
        label={t('materials.editor.rename.label')}
        className="min-w-0 flex-1"
        value={title}
        maxLength={TITLE_MAX}
        // The user asked to rename: the field is where they are going.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        error={error}
        onChange={(event) => {
          setTitle(event.target.value)
          setError(undefined)
        }}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" className={smallButton} pending={rename.isPending}>
          {t('materials.editor.save')}
        </Button>
        <Button
          variant="secondary"
          className={smallButton}
          onClick={onDone}
          pending={rename.isPending}
        >
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  )
}

type Mode = 'view' | 'rename' | 'edit' | 'delete'

/**
 * One material in the editor: its type, title and description. Clicking the title renames it
 * (§2); focus comes back to the title afterwards. A link can be edited whole, any material
 * removed after a confirmation, and each one opened as a student would.
 */
export function MaterialRow({
  resource,
  onRemoving,
}: {
  resource: Resource
  /** Told which material is being removed (null when that failed), to move focus once it is gone. */
  onRemoving?: (resourceId: number | null) => void
}) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>('view')
  /** Set as rename mode ends, so the title button takes focus back once it is shown again. */
  const restoreFocus = useRef(false)
  const titleButton = useRef<HTMLButtonElement>(null)
  const remove = useDeleteResource(resource.lessonId)
  const names = { title: resource.title }
  const { fileId } = resource
  const href = fileId === null ? safeWebUrl(resource.url) : null

  useEffect(() => {
    if (mode === 'view' && restoreFocus.current) {
      restoreFocus.current = false
      titleButton.current?.focus()
    }
  }, [mode])

  const confirmRemove = () => {
    onRemoving?.(resource.id)
    remove.mutate(resource.id, {
      onSuccess: () => toast.success(t('materials.editor.removed')),
      onError: () => {
        onRemoving?.(null)
        toast.error(t('materials.editor.removeFailed'))
      },
      onSettled: () => setMode('view'),
    })
  }

  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start gap-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t(`materials.types.${resource.type}`)}
        </span>
        {mode === 'rename' ? (
          <RenameForm
            resource={resource}
            onDone={() => {
              restoreFocus.current = true
              setMode('view')
            }}
          />
        ) : (
          <button
            ref={titleButton}
            type="button"
            onClick={() => setMode('rename')}
            aria-label={t('materials.editor.rename.labelFor', names)}
            className="min-w-0 flex-1 rounded text-left font-medium break-words text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {resource.title}
          </button>
        )}
      </div>
      {resource.description && (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">
          {resource.description}
        </p>
      )}
      {fileId === null && (
        <div className="min-w-0 text-sm text-slate-600">
          <UrlText url={resource.url} />
          {href === null && (
            <span className="block text-xs text-amber-800">{t('materials.preview.notWebUrl')}</span>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {fileId !== null ? (
          <OpenFileButton
            resource={{ ...resource, fileId }}
            className={buttonClass('secondary', smallButton)}
            aria-label={t('materials.editor.openLabelFor', names)}
          >
            {t('materials.editor.open')}
          </OpenFileButton>
        ) : (
          href !== null && (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t('materials.editor.openLabelFor', names)} ${t('materials.list.opensInNewTab')}`}
              className={buttonClass('secondary', smallButton)}
            >
              {t('materials.editor.open')}
            </a>
          )
        )}
        {fileId === null && (
          <Button
            variant="secondary"
            className={smallButton}
            onClick={() => setMode('edit')}
            aria-label={t('materials.editor.links.editLabelFor', names)}
          >
            {t('materials.editor.links.edit')}
          </Button>
        )}
        <Button
          variant="secondary"
          className={`${smallButton} text-red-700`}
          onClick={() => setMode('delete')}
          pending={remove.isPending}
          aria-label={t('materials.editor.remove.labelFor', names)}
        >
          {t('materials.editor.remove.action')}
        </Button>
      </div>

      {mode === 'edit' && <EditLinkDialog resource={resource} onClose={() => setMode('view')} />}

      <ConfirmDialog
        open={mode === 'delete'}
        title={t('materials.editor.remove.title')}
        confirmLabel={t('materials.editor.remove.confirm')}
        variant="danger"
        pending={remove.isPending}
        onCancel={() => setMode('view')}
        onConfirm={confirmRemove}
      >
        <p>{t('materials.editor.remove.question', names)}</p>
      </ConfirmDialog>
    </li>
  )
}
