import type { PoolLicence } from '@contract/index'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { useVideoLicences } from '../api/get-video-licences'
import { useRetireVideoLicence } from '../api/retire-video-licence'
import { AddLicenceForm } from './add-licence-form'
import { CardActions, CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'

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
        pending={retire.isPending}
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
  const columns = {
    account: t('admin.pool.columns.account'),
    provider: t('admin.pool.columns.provider'),
    holder: t('admin.pool.columns.holder'),
    createdAt: t('admin.pool.columns.createdAt'),
    actions: t('admin.pool.columns.actions'),
  }
  return (
    <CardTable caption={t('admin.pool.caption')} columns={Object.values(columns)} breakpoint="lg">
      {licences.map((licence) => (
        <CardRow key={licence.id}>
          <CardRowHeader label={columns.account} breakAnywhere>
            {licence.accountEmail}
          </CardRowHeader>
          <CardCell label={columns.provider}>
            {t(`profile.licence.providers.${licence.provider}`)}
          </CardCell>
          <CardCell label={columns.holder} breakAnywhere>
            {licence.holder
              ? t('admin.pool.heldBy', { name: licence.holder.name, email: licence.holder.email })
              : t('admin.pool.free')}
          </CardCell>
          <CardCell label={columns.createdAt}>{formatDate(licence.createdAt, language)}</CardCell>
          <CardActions empty={licence.holder !== null}>
            {licence.holder === null && <RetireLicence licence={licence} />}
          </CardActions>
        </CardRow>
      ))}
    </CardTable>
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
        <LoadError onRetry={() => void pool.refetch()}>{t('admin.pool.loadFailed')}</LoadError>
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
