import { yupResolver } from '@hookform/resolvers/yup'
import { isWebUrl, LINK_TEXT_MAX } from '@contract/rules'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type InferType, object } from 'yup'
import { requiredText } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { TextField } from '@/shared/ui/text-field'

const linkSchema = object({
  title: requiredText(),
  description: requiredText(),
  url: requiredText().test('web-url', 'materials.editor.links.invalidUrl', (value) =>
    isWebUrl(value),
  ),
})
export type LinkValues = InferType<typeof linkSchema>

const emptyLink: LinkValues = { title: '', description: '', url: '' }

type LinkFormProps = {
  /** The form's accessible name. */
  label: string
  submitLabel: string
  defaultValues?: LinkValues
  pending: boolean
  /** The failure of the last submit, already worded (the server's message). */
  failure?: string | null
  /** Resolves true when the link was saved, so the form can empty itself. */
  onSubmit: (values: LinkValues) => Promise<boolean>
  onCancel?: () => void
  /** Empty the fields after a successful save (adding), or keep them (editing). */
  resetOnSuccess?: boolean
}

/**
 * A link material's title, description and url, each required (§5). Only an http(s) address, or
 * one without a scheme (opened with https://), is accepted: `javascript:`, `data:` and the like
 * are refused here, before anything is sent.
 */
export function LinkForm({
  label,
  submitLabel,
  defaultValues = emptyLink,
  pending,
  failure,
  onSubmit,
  onCancel,
  resetOnSuccess = false,
}: LinkFormProps) {
  const { t } = useTranslation()
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<LinkValues>({ resolver: yupResolver(linkSchema), defaultValues })

  const submit = async (values: LinkValues) => {
    const saved = await onSubmit(values)
    // The submit button was disabled while saving, which drops keyboard focus: it goes back to
    // the first field (ready for the next link, or to correct this one after the alert). Before
    // the reset, which unregisters the fields until they render again.
    setFocus('title')
    if (saved && resetOnSuccess) reset(emptyLink)
  }

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-3"
    >
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={t('materials.editor.links.titleLabel')}
        maxLength={LINK_TEXT_MAX.title}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label={t('materials.editor.links.descriptionLabel')}
        maxLength={LINK_TEXT_MAX.description}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label={t('materials.editor.links.urlLabel')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={LINK_TEXT_MAX.url}
        hint={t('materials.editor.links.urlHint')}
        error={errors.url?.message}
        {...register('url')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
