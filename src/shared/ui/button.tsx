import type { ComponentProps, MouseEvent } from 'react'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants: Record<Variant, string> = {
  primary:
    'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50 aria-disabled:bg-brand-600/50',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50 aria-disabled:opacity-50',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:opacity-50 aria-disabled:opacity-50',
  danger:
    'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50 aria-disabled:bg-red-600/50',
}

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${variants[variant]} ${extra}`

type ButtonProps = ComponentProps<'button'> & {
  variant?: Variant
  /**
   * While its request runs the button refuses clicks (and a form's Enter) but stays focusable:
   * a `disabled` button would drop keyboard focus to the page body.
   */
  pending?: boolean
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  pending = false,
  onClick,
  ...props
}: ButtonProps) {
  const guardedClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A form's implicit submission (Enter in a field) is a click on its submit button too.
    if (pending) event.preventDefault()
    else onClick?.(event)
  }
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={guardedClick}
      {...props}
    />
  )
}
