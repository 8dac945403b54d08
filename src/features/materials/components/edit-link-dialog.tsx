import type { Resource } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { Dialog } from '@/shared/ui/dialog'
import { useUpdateResource } from '../api/update-resource'
import { LinkForm, type LinkValues } from './link-form'

/** Changes a link material's title, description and url (PUT, the whole material). */
export function EditLinkDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const { t } = useTranslation()
  const update = useUpdateResource(resource.lessonId)

  const save = async ({ title, description, url }: LinkValues) => {
    try {
      await update.mutateAsync({
        resourceId: resource.id,
        body: {
          title: title.trim(),
          type: 'link',
          url: url.trim(),
          description: description.trim(),
          lessonId: resource.lessonId,
        },
      })
    } catch {
      return false
    }
    toast.success(t('materials.editor.updated'))
    onClose()
    return true
  }

  return (
    <Dialog
      open
      onClose={update.isPending ? () => {} : onClose}
      title={t('materials.editor.links.editTitle', { title: resource.title })}
    >
      <LinkForm
        label={t('materials.editor.links.editTitle', { title: resource.title })}
        submitLabel={t('materials.editor.save')}
        defaultValues={{
          title: resource.title,
          description: resource.description,
          url: resource.url,
        }}
        pending={update.isPending}
        failure={update.error ? serverMessage(update.error, t('materials.editor.failed')) : null}
        onSubmit={save}
        onCancel={onClose}
      />
    </Dialog>
  )
}
