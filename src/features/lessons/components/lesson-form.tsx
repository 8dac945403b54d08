import type { Category, Lesson, LessonWriteBody } from '@contract/index'
import {
  DEFAULT_MAX_SLOTS,
  DEFAULT_MIN_SLOTS,
  DEFAULT_PRICE_IN_CENTS,
  LESSON_TEXT_MAX,
  SLOTS_MAX,
  SLOTS_MIN,
} from '@contract/rules'
import { yupResolver } from '@hookform/resolvers/yup'
import { type ComponentProps, type ReactNode, useId, useRef } from 'react'
import { type FieldError, useController, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { apiMessages, problemText, serverMessage, toApiError } from '@/shared/api/errors'
import { uploadQuotaRefusal } from '@/shared/api/upload-quota'
import { apiAssetUrl } from '@/shared/config/env'
import { paths } from '@/shared/config/paths'
import { categoryTitle, intlLocale } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { SelectField } from '@/shared/ui/select-field'
import { fieldClass, TextField } from '@/shared/ui/text-field'
import { useCreateLesson } from '../api/create-lesson'
import { useCategories } from '../api/get-categories'
import { useSessionRules } from '../api/get-session-rules'
import { useUpdateLesson } from '../api/update-lesson'
import { useUploadLessonImage } from '../api/upload-lesson-image'
import { CoverDropZone } from './cover-drop-zone'
import {
  fromCents,
  type LessonFormValues,
  lessonFormSchema,
  PRICE_MAX,
  toCents,
} from './lesson-form-schema'
import { type Seats, SeatsRange } from './seats-range'

type LessonFormProps = {
  /** The lesson being edited; without it the form creates one. */
  lesson?: Lesson | undefined
  /** The sessions editor, shown in edit mode after about and details. */
  sessionsSection?: ReactNode
  /** The materials editor, shown in edit mode after the sessions. */
  materialsSection?: ReactNode
  /** After an update: what other features show of the lesson (its sessions' prices and seats). */
  onUpdated?: ((lesson: Lesson) => void) | undefined
}

const valuesOf = (lesson: Lesson | undefined): LessonFormValues =>
  lesson
    ? {
        title: lesson.title,
        categoryId: String(lesson.categoryId),
        price: fromCents(lesson.price_in_cents),
        minSlots: String(lesson.min_slots),
        maxSlots: String(lesson.max_slots),
        about: lesson.about,
        details: lesson.details,
        image: null,
        currentImageUrl: lesson.imageUrl ? apiAssetUrl(lesson.imageUrl) : null,
      }
    : {
        title: '',
        categoryId: '',
        price: fromCents(DEFAULT_PRICE_IN_CENTS),
        minSlots: String(DEFAULT_MIN_SLOTS),
        maxSlots: String(DEFAULT_MAX_SLOTS),
        about: '',
        details: '',
        image: null,
        currentImageUrl: null,
      }

/**
 * A lesson goes out for the first time (Publish) until it has been through this screen once:
 * the create step saves it without about and details, and a lesson with open sessions is listed.
 */
const isPublished = (lesson: Lesson) => lesson.about.trim() !== '' || lesson.availableSessions > 0

/**
 * The lesson create/edit screen (§2, §4, §5). It waits for the categories, which the form
 * cannot be filled in without.
 */
export function LessonForm(props: LessonFormProps) {
  const { t } = useTranslation()
  const categories = useCategories()
  if (categories.isPending) return <Loading />
  if (categories.isError) {
    return (
      <div className="p-4 sm:p-6">
        <LoadError onRetry={() => void categories.refetch()}>
          {t('lessons.form.errors.categories')}
        </LoadError>
      </div>
    )
  }
  return <LessonFormFields {...props} categories={categories.data} />
}

function LessonFormFields({
  lesson,
  sessionsSection,
  materialsSection,
  onUpdated,
  categories,
}: LessonFormProps & { categories: Category[] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const priceMax = PRICE_MAX.toLocaleString(intlLocale(language))
  const navigate = useNavigate()
  const headingId = useId()
  const formId = useId()
  const aboutId = useId()
  const detailsId = useId()
  const editing = lesson !== undefined
  const upload = useUploadLessonImage()
  const create = useCreateLesson()
  const update = useUpdateLesson()
  const save = editing ? update : create
  // The minimum's rule names its cutoff once the server has said it; the form works without.
  const rules = useSessionRules()
  /** The last image uploaded from this form, so a retried save does not upload it again. */
  const uploaded = useRef<{ file: File; id: number } | null>(null)

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<LessonFormValues>({
    resolver: yupResolver(lessonFormSchema(editing)),
    defaultValues: valuesOf(lesson),
  })

  /** A message key in the current language, with the numbers the lesson rules name. */
  const message = (error: FieldError | undefined, max: number | string = priceMax) =>
    error?.message ? t(error.message, { max, min: SLOTS_MIN, seatsMax: SLOTS_MAX }) : undefined

  // A failed submit focuses the first invalid field of the order the fields were registered in,
  // so each is registered here in reading order. The cover and the seats are controls of their
  // own: their controllers hand the form the element to focus (the file input, a number input).
  const { ref: imageRef, value: image } = useController({ control, name: 'image' }).field
  const titleField = register('title')
  const categoryField = register('categoryId')
  const priceField = register('price')
  const { ref: minSlotsRef, value: minSlots } = useController({ control, name: 'minSlots' }).field
  const { ref: maxSlotsRef, value: maxSlots } = useController({ control, name: 'maxSlots' }).field
  const aboutField = register('about')
  const detailsField = register('details')

  const currentImageUrl = useWatch({ control, name: 'currentImageUrl' })
  const seats: Seats = { min: minSlots, max: maxSlots }
  const setSeats = (next: Seats) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted }
    setValue('minSlots', next.min, options)
    setValue('maxSlots', next.max, options)
  }

  const submit = async (values: LessonFormValues) => {
    save.reset()
    let imageId: number | undefined
    if (values.image) {
      if (uploaded.current?.file === values.image) {
        imageId = uploaded.current.id
      } else {
        try {
          const { id } = await upload.mutateAsync(values.image)
          uploaded.current = { file: values.image, id }
          imageId = id
        } catch (error) {
          // §8: the image's error, as a toast; the lesson is not saved without its image.
          const quota = uploadQuotaRefusal(error)
          toast.error(
            quota !== null
              ? t('lessons.form.errors.storageQuota', { quota })
              : serverMessage(error, t('lessons.form.errors.imageUploadFailed')),
          )
          return
        }
      }
    }
    const body: LessonWriteBody = {
      title: values.title.trim(),
      categoryId: Number(values.categoryId),
      price_in_cents: toCents(values.price),
      min_slots: Number(values.minSlots),
      max_slots: Number(values.maxSlots),
      about: editing ? values.about : '',
      details: editing ? values.details : '',
      ...(imageId === undefined ? {} : { imageId }),
      files: [],
      sessions: [],
    }
    // One save, one toast (the cover's upload is a step of it); a failure is the alert below.
    if (lesson) {
      await update.mutateAsync({ id: lesson.id, body }).then(
        (updated) => {
          onUpdated?.(updated)
          toast.success(t('lessons.form.updated'))
          reset(valuesOf(updated))
          void navigate(paths.lesson.detail.href(updated.id))
        },
        () => undefined,
      )
    } else {
      await create.mutateAsync(body).then(
        (created) => {
          toast.success(t('lessons.form.created'))
          void navigate(paths.lesson.edit.href(created.id))
        },
        () => undefined,
      )
    }
  }

  const backTo = lesson ? paths.lesson.detail.href(lesson.id) : paths.home.href()
  const busy = isSubmitting || upload.isPending || save.isPending
  const submitLabel = !lesson
    ? t('lessons.form.continue')
    : isPublished(lesson)
      ? t('lessons.form.update')
      : t('lessons.form.publish')

  return (
    <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6 p-4 sm:p-6">
      <Link
        to={backTo}
        className="self-start rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span aria-hidden="true">← </span>
        {lesson ? t('lessons.form.backToLesson') : t('lessons.form.backHome')}
      </Link>
      <h1 id={headingId} className="text-2xl font-semibold break-words text-slate-900">
        {t(lesson ? 'lessons.form.updateLesson' : 'lessons.form.newLesson')}
      </h1>
      <form
        id={formId}
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex min-w-0 flex-col gap-6"
      >
        <CoverDropZone
          ref={imageRef}
          file={image}
          currentUrl={currentImageUrl}
          error={message(errors.image)}
          onSelect={(file) => {
            clearErrors('image')
            setValue('image', file, { shouldDirty: true })
          }}
          onReject={(problem) => setError('image', { message: problem })}
          // A file named as a picture that is none (the server would refuse it on submit).
          onUnreadable={() => {
            setValue('image', null)
            setError('image', { message: 'lessons.form.errors.imageUnreadable' })
          }}
          onRemove={() => {
            const options = { shouldDirty: true, shouldValidate: isSubmitted }
            setValue('image', null, options)
            setValue('currentImageUrl', null, options)
          }}
        />
        <TextField
          label={t('lessons.form.title')}
          autoComplete="off"
          error={message(errors.title, LESSON_TEXT_MAX.title)}
          {...titleField}
        />
        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <SelectField
            label={t('lessons.form.category')}
            error={message(errors.categoryId)}
            {...categoryField}
          >
            <option value="">{t('lessons.form.chooseCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {categoryTitle(category, language)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('lessons.form.price')}
            hint={t('lessons.form.priceHint')}
            inputMode="decimal"
            autoComplete="off"
            error={message(errors.price)}
            {...priceField}
          />
        </div>
        <SeatsRange
          minRef={minSlotsRef}
          maxRef={maxSlotsRef}
          value={seats}
          onChange={setSeats}
          minError={message(errors.minSlots)}
          maxError={message(errors.maxSlots)}
          rule={
            rules.data &&
            t('lessons.form.minimumRule', { count: rules.data.decisionHoursBeforeStart })
          }
        />
        {lesson && (
          <>
            <LongText
              id={aboutId}
              label={t('lessons.form.about')}
              rows={4}
              error={message(errors.about, LESSON_TEXT_MAX.about)}
              {...aboutField}
            />
            <LongText
              id={detailsId}
              label={t('lessons.form.details')}
              rows={8}
              error={message(errors.details, LESSON_TEXT_MAX.details)}
              {...detailsField}
            />
          </>
        )}
      </form>
      {/*
       * The sessions and materials editors have forms of their own, and forms do not nest: they
       * sit between the lesson's form and its submit button, which names the form it submits.
       */}
      {lesson && sessionsSection}
      {lesson && materialsSection}
      {save.error && <SaveFailure error={save.error} editing={editing} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" form={formId} pending={busy} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </div>
  )
}

type LongTextProps = ComponentProps<'textarea'> & {
  id: string
  label: string
  /** Already translated. */
  error?: string | undefined
}

/** A labelled textarea whose error is tied to it (about, details). */
function LongText({ id, label, error, className = '', ...props }: LongTextProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass(Boolean(error))} resize-y ${className}`}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * §8: a conflict ('Conflict') says sessions overlap, unless the server names what it is (a coded
 * message, such as a maximum below the seats students hold), which is shown instead; a 400 lists
 * every line the server sent; any other failure says the lesson was not saved, with the server's
 * reason when it gave one.
 */
function SaveFailure({ error, editing }: { error: Error; editing: boolean }) {
  const { t } = useTranslation()
  const apiError = toApiError(error)
  if (apiError.status === 409 || apiError.error === 'Conflict') {
    const named = apiError.problems.find((problem) => problem.code !== undefined)
    return <FormAlert>{named ? problemText(named) : t('lessons.form.errors.conflict')}</FormAlert>
  }
  const listed = apiError.status === 400 && apiError.messages.length > 0
  const reasons =
    apiError.status >= 400 && apiError.status < 500 && apiError.status !== 401
      ? apiMessages(apiError)
      : []
  const title = listed
    ? 'lessons.form.errors.saveFailed'
    : editing
      ? 'lessons.form.errors.updateFailed'
      : 'lessons.form.errors.createFailed'
  return (
    <FormAlert>
      <span className="block font-medium">{t(title)}</span>
      {reasons.map((reason) => (
        <span key={reason} className="block">
          {reason}
        </span>
      ))}
    </FormAlert>
  )
}
