import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldClass } from './text-field'

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode
  /** A translation key (validation) or an already translated text (server messages). */
  error?: string | undefined
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select whose error is tied to it for assistive technology (aria-describedby). */
export function SelectField({
  label,
  error,
  id,
  className = '',
  ref,
  children,
  ...props
}: SelectFieldProps) {
  const { t } = useTranslation()
  const generatedId = useId()
  const selectId = id ?? generatedId
  const errorId = `${selectId}-error`
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${fieldClass(Boolean(error))} bg-white`}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  )
}
