import { createContext, type ReactNode, use } from 'react'

/**
 * A table that is a table from its breakpoint up and a list of cards below it, each cell naming
 * its column (browsers keep table semantics when CSS changes `display`). Tailwind needs whole
 * class names in the source, hence one set per breakpoint.
 */
const layouts = {
  lg: {
    table: 'block w-full lg:table lg:border-collapse',
    head: 'sr-only lg:not-sr-only lg:table-header-group',
    headRow: 'lg:border-b lg:border-slate-200',
    body: 'grid grid-cols-1 gap-3 md:grid-cols-2 lg:table-row-group',
    row: 'flex flex-col rounded-lg border border-slate-200 bg-white py-2 lg:table-row lg:rounded-none lg:border-0 lg:border-b lg:py-0',
    cell: 'flex items-baseline justify-between gap-3 px-4 py-1 text-sm lg:table-cell lg:px-3 lg:py-3 lg:align-top',
    label: 'font-medium text-slate-600 lg:hidden',
    value: 'min-w-0 text-right text-slate-900 lg:text-left',
    actions: 'px-4 pt-2 pb-1 lg:table-cell lg:px-3 lg:py-3 lg:align-top',
    capped: 'lg:inline-block lg:max-w-64 2xl:max-w-80',
  },
  xl: {
    table: 'block w-full xl:table xl:border-collapse',
    head: 'sr-only xl:not-sr-only xl:table-header-group',
    headRow: 'xl:border-b xl:border-slate-200',
    body: 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:table-row-group',
    row: 'flex flex-col rounded-lg border border-slate-200 bg-white py-2 xl:table-row xl:rounded-none xl:border-0 xl:border-b xl:py-0',
    cell: 'flex items-baseline justify-between gap-3 px-4 py-1 text-sm xl:table-cell xl:px-3 xl:py-3 xl:align-top',
    label: 'font-medium text-slate-600 xl:hidden',
    value: 'min-w-0 text-right text-slate-900 xl:text-left',
    actions: 'px-4 pt-2 pb-1 xl:table-cell xl:px-3 xl:py-3 xl:align-top',
    capped: 'xl:inline-block xl:max-w-64 2xl:max-w-80',
  },
} as const

type Layout = (typeof layouts)[keyof typeof layouts]
const LayoutContext = createContext<Layout>(layouts.lg)

type CardTableProps = {
  caption: string
  columns: readonly string[]
  /** Where the cards become a table: `xl` for wide tables. */
  breakpoint: keyof typeof layouts
  children: ReactNode
}

export function CardTable({ caption, columns, breakpoint, children }: CardTableProps) {
  const layout = layouts[breakpoint]
  return (
    <LayoutContext value={layout}>
      <table className={layout.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={layout.head}>
          <tr className={layout.headRow}>
            {columns.map((label) => (
              <th
                key={label}
                scope="col"
                className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={layout.body}>{children}</tbody>
      </table>
    </LayoutContext>
  )
}

export function CardRow({ children }: { children: ReactNode }) {
  return <tr className={use(LayoutContext).row}>{children}</tr>
}

type CardValueProps = {
  label: string
  /**
   * For text that holds long runs with nowhere to break (e-mail addresses): it breaks anywhere
   * rather than widen the table past the page. Other text keeps its words whole.
   */
  breakAnywhere?: boolean
  children: ReactNode
}

/**
 * How a value wraps. In the table other text is at most 16rem wide, 20rem on the widest screens
 * (`capped`): a column is as wide as its longest word, and a name may be one word of 120 letters,
 * which would push the table past the page; a word wider than that breaks.
 */
const wrapping = (layout: Layout, breakAnywhere: boolean) =>
  breakAnywhere ? 'wrap-anywhere' : `break-words ${layout.capped}`

/** The row's first cell, which names it (a row header). */
export function CardRowHeader({ label, breakAnywhere = false, children }: CardValueProps) {
  const layout = use(LayoutContext)
  return (
    <th scope="row" className={`${layout.cell} text-left font-semibold text-slate-900`}>
      <span aria-hidden="true" className={layout.label}>
        {label}
      </span>
      <span className={`min-w-0 ${wrapping(layout, breakAnywhere)}`}>{children}</span>
    </th>
  )
}

export function CardCell({ label, breakAnywhere = false, children }: CardValueProps) {
  const layout = use(LayoutContext)
  return (
    <td className={layout.cell}>
      <span aria-hidden="true" className={layout.label}>
        {label}
      </span>
      <span className={`${layout.value} ${wrapping(layout, breakAnywhere)}`}>{children}</span>
    </td>
  )
}

/** The last cell, of buttons; on a card that has none (`empty`) it takes no room. */
export function CardActions({ empty = false, children }: { empty?: boolean; children: ReactNode }) {
  const layout = use(LayoutContext)
  return <td className={`${layout.actions} ${empty ? 'hidden' : ''}`}>{children}</td>
}
