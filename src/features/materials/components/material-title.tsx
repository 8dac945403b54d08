import type { Resource } from '@contract/index'
import { safeWebUrl } from '@contract/rules'
import { useTranslation } from 'react-i18next'
import { UrlText } from '@/shared/ui/url-text'
import { OpenFileButton } from './open-file-button'

const linkClass =
  'min-w-0 text-left font-medium break-words text-brand-700 underline hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-70'

/**
 * A material's title as the way to open it: a file previews (or downloads), a link opens in a new
 * tab with https:// added when it has no scheme (§5). A saved url that is not http(s) is never a
 * link: its title and its text are shown as plain text, with why.
 */
export function MaterialTitle({ resource }: { resource: Resource }) {
  const { t } = useTranslation()
  const { fileId } = resource
  if (fileId !== null) {
    return (
      <OpenFileButton resource={{ ...resource, fileId }} className={linkClass}>
        {resource.title} <span className="sr-only">{t('materials.preview.opensFile')}</span>
      </OpenFileButton>
    )
  }
  const href = safeWebUrl(resource.url)
  if (href === null) {
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium break-words text-slate-900">{resource.title}</span>
        <UrlText url={resource.url} className="text-sm text-slate-600" />
        <span className="text-xs text-amber-800">{t('materials.preview.notWebUrl')}</span>
      </div>
    )
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {resource.title} <span className="sr-only">{t('materials.list.opensInNewTab')}</span>
    </a>
  )
}
