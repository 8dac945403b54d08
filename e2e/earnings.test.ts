import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { logIn } from './flows.ts'
import { translator } from './i18n.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

const product = connectProduct()
const chromium = useBrowser()
const KENJI = demoAccount('kenji')

/** The fields of one CSV record (RFC 4180: quoted fields may hold commas, quotes and CRLF). */
const csvRecords = (text: string): string[][] => {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      index += 1
    } else field += char
  }
  if (field !== '' || record.length > 0) records.push([...record, field])
  return records
}

/** "$1,234.50" or "-$12.75" as the CSV writes it: "1234.50", "-12.75". */
const dollarsOf = (text: string) => text.replace(/[$,\s]/g, '').replace('−', '-')

describe('the educator earnings (issue 32)', () => {
  it('kenji opens his earnings and downloads them: the file has the rows of the screen', async () => {
    const t = translator('en-US')
    const page = await chromium.visitorPage('en-US')
    await logIn(product, page, t, KENJI.email)
    await page.getByRole('link', { name: t('nav.earnings'), exact: true }).click()
    await page.waitForURL(product.appUrl(paths.earnings.href()))
    await page.getByRole('heading', { name: t('earnings.title'), level: 1 }).waitFor()

    // The chart draws in a real browser; the table beside it says the same to screen readers.
    await page.locator('canvas').waitFor()
    expect(await page.getByText(t('earnings.months.chartFailed')).count()).toBe(0)
    const months = page.getByRole('table', { name: t('earnings.months.caption') })
    expect(await months.getByRole('row').count()).toBe(13)
    // His year of history (the demo's reading circle): a share in every month before this one.
    const earnedMonths = await months
      .locator('tbody tr')
      .evaluateAll(
        (rows) =>
          rows
            .slice(0, -1)
            .filter((row) => /[1-9]/.test(row.querySelector('td:last-child')?.textContent ?? ''))
            .length,
      )
    expect(earnedMonths).toBe(11)
    expect(describeViolations(await seriousViolations(page))).toEqual([])

    const lines = page.getByRole('table', { name: t('earnings.lines.caption') })
    await lines.getByRole('row').nth(1).waitFor()
    const shown = await lines.getByRole('row').evaluateAll((rows) =>
      rows.slice(1).map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => {
          // Each cell names its column for narrow screens (hidden here); the value follows it.
          const parts = [...cell.children].map((part) => (part as HTMLElement).innerText.trim())
          return parts.at(-1) ?? ''
        }),
      ),
    )
    expect(shown.length).toBeGreaterThan(0)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: t('earnings.download.button') }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('earnings.csv')
    const bytes = await readFile((await file.path()) ?? '')
    // UTF-8 with one byte order mark, so Excel reads Japanese names.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect([...bytes.subarray(3, 6)]).not.toEqual([0xef, 0xbb, 0xbf])
    const [header, ...records] = csvRecords(bytes.subarray(3).toString('utf8'))
    expect(header?.[2]).toBe('Lesson')

    // Row by row, the screen's first page is the file's first lines: lesson, student, amounts.
    expect(records.length).toBeGreaterThanOrEqual(shown.length)
    shown.forEach((cells, index) => {
      const record = records[index]!
      const [, lesson, , student, gross, fee, share] = cells
      expect(record[2]).toBe(lesson)
      expect(record[4]).toBe(student)
      expect(record[5]).toBe(dollarsOf(gross!))
      expect(record[6]).toBe(dollarsOf(fee!))
      expect(record[7]).toBe(dollarsOf(share!))
      expect(record[1]).toBe(cells[0]!.includes(t('earnings.lines.refund')) ? 'Refund' : 'Payment')
    })
    await page.context().close()
  })
})
