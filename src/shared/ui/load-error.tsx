import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/** What could not be loaded, announced, with a button to try again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-red-800">
      <p>{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}
