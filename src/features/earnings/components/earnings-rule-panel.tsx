import type { CurrentUser, EarningsRule } from '@contract/index'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateIn, formatTimeIn } from '@/shared/i18n/format'
import { formatRate, formatYen } from '@/shared/i18n/format-figures'
import { useLanguage } from '@/shared/i18n/use-language'
import { DeactivationNotice } from '@/shared/ui/deactivation-notice'

const DAY_MS = 24 * 60 * 60 * 1000

type Props = {
  rule: EarningsRule | null
  user: CurrentUser
}

/**
 * The terms' earnings rule (§9) as it stands for this educator: the current period, what their
 * share came to in yen at the configured rate, and the deadline by which it must reach the
 * minimum; a new educator's exempt first months; or, once deactivated, why.
 */
export function EarningsRulePanel({ rule, user }: Props) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const progressId = useId()
  // Days left as of the screen's opening.
  const [openedAt] = useState(Date.now)
  const when = (instant: string) =>
    `${formatDateIn(instant, language, user.timezone)} ${formatTimeIn(instant, user.timezone)}`

  let body
  if (user.deactivation) {
    body = <DeactivationNotice at={user.deactivation.at} />
  } else if (rule === null) {
    return null
  } else {
    const values = {
      min: formatYen(rule.minJpy, language),
      earned: formatYen(rule.earnedJpy, language),
      rate: formatRate(rule.usdJpy, language),
      start: when(rule.periodStart),
      deadline: when(rule.deadline),
    }
    const daysLeft = Math.max(0, Math.ceil((Date.parse(rule.deadline) - openedAt) / DAY_MS))
    const remaining = formatYen(Math.max(0, rule.minJpy - rule.earnedJpy), language)
    let standing
    if (rule.exempt) {
      standing = <p>{t('earnings.rule.exempt', values)}</p>
    } else if (rule.met) {
      standing = <p className="font-medium text-emerald-800">{t('earnings.rule.met', values)}</p>
    } else {
      standing = (
        <p className="font-medium text-amber-900">
          {t('earnings.rule.below', { ...values, remaining, count: daysLeft })}
        </p>
      )
    }
    body = (
      <div className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <p className="text-slate-700">{t('earnings.rule.terms', values)}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={progressId} className="text-sm text-slate-700">
            {t('earnings.rule.progress', values)}
          </label>
          <progress
            id={progressId}
            className="h-3 w-full accent-brand-600"
            max={Math.max(rule.minJpy, 1)}
            value={Math.min(Math.max(rule.earnedJpy, 0), Math.max(rule.minJpy, 1))}
          />
        </div>
        {standing}
        <p className="text-xs text-slate-600">{t('earnings.rule.rate', values)}</p>
      </div>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.rule.title')}
      </h2>
      {body}
    </section>
  )
}
