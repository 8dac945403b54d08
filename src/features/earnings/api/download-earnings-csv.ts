import { myEarningsCsv } from '@contract/descriptors/user'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { errorMessage } from '@/shared/api/errors'
import { parseJsonErrors, saveBlob } from '@/shared/lib/file-download'
import { request } from '@/shared/api/request'

const BOM = '\uFEFF'

/**
 * GET /user/earnings.csv as a file. Read as text, which drops the byte order mark in browsers;
 * the file is written with exactly one again, since Excel needs it to read Japanese names.
 */
export const getEarningsCsv = async () => {
  const text = await request(myEarningsCsv, undefined, {
    responseType: 'text',
    headers: { Accept: 'text/csv' },
    transformResponse: parseJsonErrors,
  })
  return new Blob([BOM, text.replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' })
}

export const EARNINGS_FILE_NAME = 'earnings.csv'

/** Downloads earnings.csv; a failure is an error toast (§8 generic helper). */
export const useDownloadEarningsCsv = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: getEarningsCsv,
    onSuccess: (blob) => saveBlob(blob, EARNINGS_FILE_NAME),
    onError: (error) => {
      toast.error(errorMessage(error, t('earnings.download.failed')))
    },
  })
}
