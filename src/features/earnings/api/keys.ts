/** Query keys of the earnings feature. */
export const earningsKeys = {
  all: ['earnings'] as const,
  /** One page of the educator's payment and refund lines. */
  linesPage: (page: number) => [...earningsKeys.all, 'lines', page] as const,
  /** The twelve months' totals. */
  summary: () => [...earningsKeys.all, 'summary'] as const,
}
