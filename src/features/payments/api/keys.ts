/** Query keys of the payments feature: the SDK settings, one payment, the student's history. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  /** Every single payment the screens have read. */
  details: () => [...paymentKeys.all, 'detail'] as const,
  detail: (id: number) => [...paymentKeys.details(), id] as const,
  /** Every page of the calling student's captured payments. */
  mine: () => [...paymentKeys.all, 'mine'] as const,
}
