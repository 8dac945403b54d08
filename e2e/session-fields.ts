import type { Locator } from 'playwright-core'
import type { T } from './flows.ts'

/**
 * The session dialog's date and times are groups of selects (src/shared/ui/date-field.tsx,
 * time-field.tsx), named by their legend; each select by its own label, in the page's language.
 */

/** Chooses a yyyy-MM-dd date: year, month, then day, so no day is moved to a shorter month's end. */
export const chooseDate = async (dialog: Locator, t: T, date: string) => {
  const group = dialog.getByRole('group', { name: t('sessions.editor.form.date'), exact: true })
  const [year, month, day] = date.split('-') as [string, string, string]
  for (const [part, value] of [
    ['year', year],
    ['month', month],
    ['day', day],
  ] as const) {
    await group
      .getByRole('combobox', { name: t(`common.dateField.${part}`), exact: true })
      .selectOption(value)
  }
}

/** Chooses an HH:mm time in the group named `legend` (Start time, End time). */
export const chooseTime = async (dialog: Locator, t: T, legend: string, time: string) => {
  const group = dialog.getByRole('group', { name: legend, exact: true })
  const [hour, minute] = time.split(':') as [string, string]
  await group
    .getByRole('combobox', { name: t('common.timeField.hour'), exact: true })
    .selectOption(hour)
  await group
    .getByRole('combobox', { name: t('common.timeField.minute'), exact: true })
    .selectOption(minute)
}

/** A session's date and hours, as the dialog's selects hold them. */
export const chooseSessionTimes = async (
  dialog: Locator,
  t: T,
  times: { date: string; start: string; end: string },
) => {
  await chooseDate(dialog, t, times.date)
  await chooseTime(dialog, t, t('sessions.editor.form.startHour'), times.start)
  await chooseTime(dialog, t, t('sessions.editor.form.endHour'), times.end)
}

/** What the date group holds, yyyy-MM-dd; '' while a part is not chosen. */
export const chosenDate = async (dialog: Locator, t: T) => {
  const group = dialog.getByRole('group', { name: t('sessions.editor.form.date'), exact: true })
  const parts = await Promise.all(
    (['year', 'month', 'day'] as const).map((part) =>
      group
        .getByRole('combobox', { name: t(`common.dateField.${part}`), exact: true })
        .inputValue(),
    ),
  )
  return parts.includes('') ? '' : parts.join('-')
}
