import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useResources } from '../api/get-resources'
import { MaterialTitle } from './material-title'

/**
 * A lesson's study materials, read-only (§2). Only the owner and enrolled students may see them;
 * anyone else is told so calmly. A link opens in a new tab, a file in a preview (or is saved).
 */
export function MaterialList({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation()
  const headingId = useId()
  const materials = useResources(lessonId)
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('materials.list.title')}
      </h2>
      {materials.isPending ? (
        <p role="status" className="text-slate-600">
          {t('common.loading')}
        </p>
      ) : materials.isError ? (
        <p role="alert" className="text-red-700">
          {t('common.errors.common')}
        </p>
      ) : materials.data === null ? (
        <p className="text-slate-600">{t('materials.list.enrolledOnly')}</p>
      ) : materials.data.length === 0 ? (
        <p className="text-slate-600">{t('materials.list.empty')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {materials.data.map((resource) => (
            <li
              key={resource.id}
              className="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <MaterialTitle resource={resource} />
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {t(`materials.types.${resource.type}`)}
                </span>
              </div>
              {resource.description && (
                <p className="text-sm break-words whitespace-pre-line text-slate-700">
                  {resource.description}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
