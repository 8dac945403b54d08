import type { PoolLicence } from '@contract/index'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { Loading } from '@/shared/ui/loading'
import { useVideoLicences } from '../api/get-video-licences'
import { useRetireVideoLicence } from '../api/retire-video-licence'
import { AddLicenceForm } from './add-licence-form'

const cellClass =
  'flex items-baseline justify-between gap-3 px-4 py-1 text-sm lg:table-cell lg:px-3 lg:py-3 lg:align-top'

/** A free licence can leave the pool for good, after a confirmation. */
function RetireLicence({ licence }: { licence: PoolLicence }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const retire = useRetireVideoLicence()
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-red-700"
        disabled={retire.isPending}
        onClick={() => setOpen(true)}
        aria-label={t('admin.pool.retireLabelFor', { account: licence.accountEmail })}
      >
        {t('admin.pool.retire')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('admin.pool.retireTitle')}
        confirmLabel={t('admin.pool.retireConfirm')}
        variant="danger"
        pending={retire.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => retire.mutate(licence.id, { onSettled: () => setOpen(false) })}
      >
        <p>{t('admin.pool.retireQuestion', { account: licence.accountEmail })}</p>
      </ConfirmDialog>
    </>
  )
}

function LicenceTable({ licences }: { licences: readonly PoolLicence[] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const columns = [
    t('admin.pool.columns.account'),
    t('admin.pool.columns.provider'),
    t('admin.pool.columns.holder'),
    t('admin.pool.columns.createdAt'),
    t('admin.pool.columns.actions'),
  ] as const
  const [account, provider, holder, createdAt] = columns
  return (
    <table className="block w-full lg:table lg:border-collapse">
      <caption className="sr-only">{t('admin.pool.caption')}</caption>
      <thead className="sr-only lg:not-sr-only lg:table-header-group">
        <tr className="lg:border-b lg:border-slate-200">
          {columns.map((label) => (
            <th
              key={label}

              scope="col"
              className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-3 md:grid-cols-2 lg:table-row-group">
        {licences.map((licence) => (
          <tr
            key={licence.id}

            className="flex flex-col rounded-lg border border-slate-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-0 lg:border-b lg:py-0"
          >
            <th scope="row" className={`${cellClass} text-left font-semibold`}>
              <span aria-hidden="true" className="font-medium text-slate-600 lg:hidden">
                {account}
              </span>
              <span className="min-w-0 break-all text-slate-900">{licence.accountEmail}</span>
            </th>
            {[
              [provider, t(`profile.licence.providers.${licence.provider}`)],
              [
                holder,
                licence.holder
                  ? t('admin.pool.heldBy', {
                      name: licence.holder.name,
                      email: licence.holder.email,
                    })
                  : t('admin.pool.free'),
              ],
              [createdAt, formatDate(licence.createdAt, language)],
            ].map(([label, value]) => (
              <td key={label} className={cellClass}>
                <span aria-hidden="true" className="font-medium text-slate-600 lg:hidden">
                  {label}
                </span>
                <span className="min-w-0 text-right break-words text-slate-900 lg:text-left">
                  {value}
                </span>
              </td>
            ))}
            <td
              className={`px-4 pt-2 pb-1 lg:table-cell lg:px-3 lg:py-3 lg:align-top ${
                licence.holder === null ? '' : 'hidden'
              }`}
            >
              {licence.holder === null && <RetireLicence licence={licence} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The video-licence pool: every account with its holder, a form to add one, retire free ones. */
export function LicencePool() {
  const { t } = useTranslation()
  const pool = useVideoLicences()
  const free = pool.data?.filter((licence) => licence.holder === null).length ?? 0

  return (
    <section aria-labelledby="licence-pool-title" className="flex flex-col gap-6 p-4 sm:p-6">
      <div>
        <h1 id="licence-pool-title" className="mb-1 text-2xl font-semibold text-slate-900">
          {t('admin.pool.title')}
        </h1>
        <p className="text-sm text-slate-600">{t('admin.pool.description')}</p>
      </div>
      <AddLicenceForm />
      {pool.isPending ? (
        <Loading />
      ) : pool.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-red-800">
          <p>{t('admin.pool.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void pool.refetch()}>
            {t('admin.users.retry')}
          </Button>
        </div>
      ) : pool.data.length === 0 ? (
        <p role="status" className="text-slate-700">
          {t('admin.pool.empty')}
        </p>
      ) : (
        <div className="min-w-0">
          <p className="mb-3 text-sm text-slate-600">
            {t('admin.pool.summary', { count: pool.data.length, free })}
          </p>
          <LicenceTable licences={pool.data} />
        </div>
      )}
    </section>
  )
}
