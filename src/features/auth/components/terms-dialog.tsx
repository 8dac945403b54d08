import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { Dialog } from '@/shared/ui/dialog'
import { TermsContent } from '@/shared/ui/terms-content'

type TermsDialogProps = {
  open: boolean
  onClose: () => void
  /** Ticks the form's terms checkbox, then closes. */
  onAccept: () => void
}

/** The terms and conditions in a modal, opened from the registration form (§2). */
export function TermsDialog({ open, onClose, onAccept }: TermsDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} title={t('terms.title')}>
      <div className="max-h-[55vh] overflow-y-auto pr-1 text-sm">
        <TermsContent headingLevel={3} />
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('auth.register.terms.close')}
        </Button>
        <Button onClick={onAccept}>{t('auth.register.terms.accept')}</Button>
      </div>
    </Dialog>
  )
}
