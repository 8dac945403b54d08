import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { useTranslation } from 'react-i18next'

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  /** A translation key (validation) or an already translated text (server messages). */
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

export const fieldClass = (invalid: boolean) =>
  `w-full rounded-md border px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`

/** A labelled input whose error is tied to it for assistive technology (aria-describedby). */
export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  ref,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation()
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={fieldClass(Boolean(error))}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  )
}
