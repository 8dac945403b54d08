import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { Dialog } from './dialog'

type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  /** What will happen, in words the user can weigh before confirming. */
  children: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
  /** While the confirmed call runs both buttons are disabled. */
  pending?: boolean
  variant?: 'primary' | 'danger'
}

/** A question before an action that changes someone's account: Cancel or the action itself. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  variant = 'primary',
}: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={pending ? () => {} : onCancel} title={title}>
      <div className="flex flex-col gap-3 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant={variant} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
