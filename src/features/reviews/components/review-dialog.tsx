import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH, reviewLength } from '@contract/rules'
import { yupResolver } from '@hookform/resolvers/yup'
import { useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { number, object, string } from 'yup'
import { errorKeys, storable, visible } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { Dialog } from '@/shared/ui/dialog'
import { fieldClass } from '@/shared/ui/text-field'
import { useCreateReview } from '../api/create-review'

/** §5: a text and a rating of at least 1, or this one message. */
const REQUIRED = 'reviews.write.required'
const TOO_LONG = 'reviews.write.tooLong'

const reviewSchema = object({
  body: string()
    .trim()
    .required(REQUIRED)
    .test('visible', REQUIRED, visible)
    .test('max-length', TOO_LONG, (value) => reviewLength(value ?? '') <= REVIEW_MAX_LENGTH)
    .test('storable', errorKeys.invalidCharacters, storable),
  rating: number().integer().min(RATING_MIN, REQUIRED).max(RATING_MAX).required(REQUIRED),
})
type ReviewValues = { body: string; rating: number }

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index)

export type ReviewedLesson = { id: number; title: string; owner: { id: number } }

type ReviewDialogProps = {
  open: boolean
  onClose: () => void
  lesson: ReviewedLesson
  /** After the review is stored (the dialog has closed). */
  onReviewed?: () => unknown
}

/**
 * §2 student history: the review modal (text and rating), at most 450 px wide (§9). Its form
 * unmounts as it closes, so the next opening starts empty.
 */
export function ReviewDialog({ open, onClose, lesson, onReviewed }: ReviewDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} title={t('reviews.write.title', { title: lesson.title })}>
      <ReviewForm lesson={lesson} onClose={onClose} onReviewed={onReviewed} />
    </Dialog>
  )
}

function ReviewForm({
  lesson,
  onClose,
  onReviewed,
}: {
  lesson: ReviewedLesson
  onClose: () => void
  onReviewed: (() => unknown) | undefined
}) {
  const { t } = useTranslation()
  const id = useId()
  const ids = {
    body: `${id}-body`,
    counter: `${id}-counter`,
    rating: `${id}-rating`,
    missing: `${id}-missing`,
    tooLong: `${id}-too-long`,
    invalid: `${id}-invalid`,
  }
  const create = useCreateReview({ educatorId: lesson.owner.id, onReviewed })
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewValues>({
    resolver: yupResolver(reviewSchema),
    defaultValues: { body: '', rating: 0 },
  })

  const length = reviewLength(useWatch({ control, name: 'body' }).trim())
  const bodyMissing = errors.body?.message === REQUIRED
  const bodyTooLong = errors.body?.message === TOO_LONG
  const bodyInvalid = errors.body?.message === errorKeys.invalidCharacters
  const ratingMissing = Boolean(errors.rating)
  const bodyDescribedBy = [
    ids.counter,
    bodyMissing ? ids.missing : null,
    bodyTooLong ? ids.tooLong : null,
    bodyInvalid ? ids.invalid : null,
  ]
    .filter(Boolean)
    .join(' ')

  const submit = ({ body, rating }: ReviewValues) =>
    create.mutate({ lessonId: lesson.id, body, rating }, { onSuccess: onClose })

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.body} className="text-sm font-medium text-slate-800">
          {t('reviews.write.body')}
        </label>
        <textarea
          id={ids.body}
          rows={6}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={bodyDescribedBy}
          className={`${fieldClass(Boolean(errors.body))} resize-y`}
          {...register('body')}
        />
        <p
          id={ids.counter}
          className={`self-end text-xs ${length > REVIEW_MAX_LENGTH ? 'text-red-700' : 'text-slate-600'}`}
        >
          {t('reviews.write.counter', { count: length, max: REVIEW_MAX_LENGTH })}
        </p>
        {bodyTooLong && (
          <p id={ids.tooLong} className="text-sm text-red-700">
            {t(TOO_LONG, { max: REVIEW_MAX_LENGTH })}
          </p>
        )}
        {bodyInvalid && (
          <p id={ids.invalid} className="text-sm text-red-700">
            {t(errorKeys.invalidCharacters)}
          </p>
        )}
      </div>

      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <fieldset
            aria-invalid={ratingMissing ? true : undefined}
            aria-describedby={ratingMissing ? ids.missing : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t('reviews.write.rating')}
            </legend>
            <div className="flex gap-1">
              {STARS.map((stars) => (
                <span key={stars} className="flex">
                  <input
                    ref={stars === RATING_MIN ? field.ref : undefined}
                    type="radio"
                    id={`${ids.rating}-${stars}`}
                    name={field.name}
                    value={stars}
                    checked={field.value === stars}
                    onChange={() => field.onChange(stars)}
                    onBlur={field.onBlur}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={`${ids.rating}-${stars}`}
                    className="cursor-pointer rounded px-0.5 text-3xl leading-none text-amber-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:text-amber-600"
                  >
                    <span aria-hidden="true">{stars <= field.value ? '★' : '☆'}</span>
                    <span className="sr-only">{t('reviews.write.stars', { count: stars })}</span>
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        )}
      />

      {(bodyMissing || ratingMissing) && (
        <p id={ids.missing} role="alert" className="text-sm text-red-700">
          {t(REQUIRED)}
        </p>
      )}

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('reviews.write.cancel')}
        </Button>
        <Button type="submit" pending={create.isPending}>
          {t('reviews.write.submit')}
        </Button>
      </div>
    </form>
  )
}
