import {
  isSeatRange,
  LESSON_PRICE_MAX_CENTS,
  LESSON_TEXT_MAX,
  SLOTS_MAX,
  SLOTS_MIN,
} from '@contract/rules'
import { mixed, object, type ObjectSchema, string } from 'yup'
import { errorKeys, requiredText, storable } from '@/shared/lib/validation'

/**
 * The lesson form's values as the inputs hold them: numbers stay text until submit, so a value
 * being typed is never rewritten under the cursor and each rule can say what is wrong with it.
 */
export type LessonFormValues = {
  title: string
  categoryId: string
  /** Currency units per hour, as typed ('100', '12.50'). */
  price: string
  minSlots: string
  maxSlots: string
  about: string
  details: string
  /** A new cover chosen in this form, uploaded on submit. */
  image: File | null
  /** The lesson's current cover while it is kept (edit mode). */
  currentImageUrl: string | null
}

export const lessonErrorKeys = {
  imageRequired: 'lessons.form.errors.imageRequired',
  tooLong: 'lessons.form.errors.tooLong',
  priceNumber: 'lessons.form.errors.priceNumber',
  priceMin: 'lessons.form.errors.priceMin',
  priceDecimals: 'lessons.form.errors.priceDecimals',
  priceMax: 'lessons.form.errors.priceMax',
  seatsNumber: 'lessons.form.errors.seatsNumber',
  seatsMin: 'lessons.form.errors.seatsMin',
  seatsMax: 'lessons.form.errors.seatsMax',
  maxBelowMin: 'lessons.form.errors.maxBelowMin',
} as const

export const PRICE_MAX = LESSON_PRICE_MAX_CENTS / 100

const NUMBER = /^-?\d+(\.\d+)?$/
/** Each rule after 'required' passes a blank value, so a blank field says only 'Required'. */
const filled = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== ''

const priceField = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .test('number', lessonErrorKeys.priceNumber, (value) => !filled(value) || NUMBER.test(value))
    .test(
      'min',
      lessonErrorKeys.priceMin,
      (value) => !filled(value) || !NUMBER.test(value) || Number(value) >= 0,
    )
    .test(
      'decimals',
      lessonErrorKeys.priceDecimals,
      (value) => !filled(value) || !NUMBER.test(value) || /^-?\d+(\.\d{1,2})?$/.test(value),
    )
    .test(
      'max',
      lessonErrorKeys.priceMax,
      (value) => !filled(value) || !NUMBER.test(value) || Number(value) <= PRICE_MAX,
    )

const whole = (value: string | undefined) => filled(value) && /^-?\d+$/.test(value.trim())

const seatsField = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .test('number', lessonErrorKeys.seatsNumber, (value) => !filled(value) || whole(value))
    .test('min', lessonErrorKeys.seatsMin, (value) => !whole(value) || Number(value) >= SLOTS_MIN)
    .test('max', lessonErrorKeys.seatsMax, (value) => !whole(value) || Number(value) <= SLOTS_MAX)

const textField = (max: number, required: boolean) =>
  (required
    ? requiredText()
    : string().trim().default('').test('storable', errorKeys.invalidCharacters, storable)
  ).max(max, lessonErrorKeys.tooLong)

/**
 * §5 lesson rules: title, image, category and price required (price numeric, at least 0, at
 * most the contract's maximum); seats whole numbers in 1..50 with the maximum at least the
 * minimum; about and details required when editing.
 */
export const lessonFormSchema = (editing: boolean): ObjectSchema<LessonFormValues> =>
  object({
    title: textField(LESSON_TEXT_MAX.title, true),
    categoryId: string().required(errorKeys.required),
    price: priceField(),
    minSlots: seatsField(),
    maxSlots: seatsField().test('order', lessonErrorKeys.maxBelowMin, function (value) {
      const { minSlots } = this.parent as LessonFormValues
      return !whole(value) || !whole(minSlots) || isSeatRange(Number(minSlots), Number(value))
    }),
    about: textField(LESSON_TEXT_MAX.about, editing),
    details: textField(LESSON_TEXT_MAX.details, editing),
    image: mixed<File>()
      .nullable()
      .defined()
      .test('required', lessonErrorKeys.imageRequired, function (file) {
        const { currentImageUrl } = this.parent as LessonFormValues
        return file instanceof File || Boolean(currentImageUrl)
      }),
    currentImageUrl: string().nullable().defined(),
  })

/** Currency units as typed → cents (§5: multiplied by 100 on submit). */
export const toCents = (price: string) => Math.round(Number(price) * 100)

/**
 * Cents → currency units for the input (§5: divided by 100 when loaded), as a price is written:
 * whole units alone ('20'), with cents always two decimals ('12.50', not '12.5').
 */
export const fromCents = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
