import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const axePath = require.resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export const seriousViolations = async (page: Page): Promise<AxeViolation[]> => {
  // Evaluated through the driver, not added as a script tag: the page's CSP forbids inline scripts.
  await page.evaluate(readFileSync(axePath, 'utf8'))
  const violations = await page.evaluate(async () => {
    // Judge the page at rest: a toast fading in or out is half transparent, and its text would
    // fail the contrast check for that instant only. Endless animations (skeletons) and the
    // toast's countdown bar (no text, as long as the toast lives) are not waited for.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target
          return (
            animation.effect?.getComputedTiming().endTime !== Infinity &&
            !target?.closest('.Toastify__progress-bar')
          )
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    )
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
    ).axe
    const result = await axe.run()
    return result.violations
  })
  return violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
}

export const describeViolations = (violations: AxeViolation[]) =>
  violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
