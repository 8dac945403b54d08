import type { Resource } from '@contract/index'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { LoadError } from '@/shared/ui/load-error'
import { useCreateResource } from '../api/create-resource'
import { useResources } from '../api/get-resources'
import { FileUpload } from './file-upload'
import { LinkForm, type LinkValues } from './link-form'
import { MaterialRow } from './material-row'

function MaterialRows({
  items,
  empty,
  label,
  onRemoving,
}: {
  items: Resource[]
  empty: string
  label: string
  onRemoving: (resourceId: number | null) => void
}) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {items.map((resource) => (
        <MaterialRow key={resource.id} resource={resource} onRemoving={onRemoving} />
      ))}
    </ul>
  )
}

/** The links section's form: a new link material, then a toast and empty fields. */
function AddLinkForm({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation()
  const create = useCreateResource(lessonId)

  const add = async ({ title, description, url }: LinkValues) => {
    try {
      await create.mutateAsync({
        title: title.trim(),
        type: 'link',
        url: url.trim(),
        description: description.trim(),
        lessonId,
      })
    } catch {
      return false
    }
    toast.success(t('materials.editor.created'))
    return true
  }

  return (
    <LinkForm
      label={t('materials.editor.links.addTitle')}
      submitLabel={t('materials.editor.links.add')}
      pending={create.isPending}
      failure={create.error ? serverMessage(create.error, t('materials.editor.failed')) : null}
      onSubmit={add}
      resetOnSuccess
    />
  )
}

/**
 * A lesson's materials as its owner edits them (§2, in the lesson form's edit mode): links, added
 * with a small form, and files, uploaded with progress. Each material can be renamed from its
 * title, removed, and opened; a link can also be edited.
 */
export function MaterialsEditor({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation()
  const headingId = useId()
  const linksId = useId()
  const filesId = useId()
  const materials = useResources(lessonId)

  const links = materials.data?.filter((resource) => resource.fileId === null) ?? []
  const files = materials.data?.filter((resource) => resource.fileId !== null) ?? []

  // A removed material takes its Remove button (the confirm dialog's opener) with it: once it is
  // gone from the list, focus goes to its section's heading instead of the page body.
  const linksHeading = useRef<HTMLHeadingElement>(null)
  const filesHeading = useRef<HTMLHeadingElement>(null)
  const removing = useRef<{ id: number; section: 'links' | 'files' } | null>(null)
  const setRemoving = (section: 'links' | 'files', id: number | null) => {
    removing.current = id === null ? null : { id, section }
  }
  useEffect(() => {
    const removed = removing.current
    if (!removed || materials.data?.some((resource) => resource.id === removed.id)) return
    removing.current = null
    ;(removed.section === 'links' ? linksHeading : filesHeading).current?.focus()
  }, [materials.data])

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('materials.editor.title')}
      </h2>
      {materials.isPending ? (
        <p role="status" className="text-slate-600">
          {t('common.loading')}
        </p>
      ) : materials.isError ? (
        <LoadError onRetry={() => void materials.refetch()}>
          {serverMessage(materials.error, t('materials.editor.loadFailed'))}
        </LoadError>
      ) : materials.data === null ? (
        <p className="text-slate-600">{t('materials.editor.ownerOnly')}</p>
      ) : (
        <>
          <section aria-labelledby={linksId} className="flex flex-col gap-4">
            <h3
              id={linksId}
              ref={linksHeading}
              tabIndex={-1}
              className="rounded text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {t('materials.editor.links.title')}
            </h3>
            <MaterialRows
              items={links}
              empty={t('materials.editor.links.empty')}
              label={t('materials.editor.links.title')}
              onRemoving={(id) => setRemoving('links', id)}
            />
            <div className="rounded-xl border border-slate-200 p-4">
              <h4 className="mb-3 font-medium text-slate-900">
                {t('materials.editor.links.addTitle')}
              </h4>
              <AddLinkForm lessonId={lessonId} />
            </div>
          </section>
          <section aria-labelledby={filesId} className="flex flex-col gap-4">
            <h3
              id={filesId}
              ref={filesHeading}
              tabIndex={-1}
              className="rounded text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {t('materials.editor.files.title')}
            </h3>
            <MaterialRows
              items={files}
              empty={t('materials.editor.files.empty')}
              label={t('materials.editor.files.title')}
              onRemoving={(id) => setRemoving('files', id)}
            />
            <FileUpload lessonId={lessonId} />
          </section>
        </>
      )}
    </section>
  )
}
