/**
 * The platform's fee on one captured payment and the educator's share, in whole cents. The fee
 * is given in basis points (1000 = 10 %) and rounded to the nearest cent; the educator gets the
 * rest, so the two always add up to the amount.
 */
export const feeShares = (amountInCents: number, basisPoints: number) => {
  const platformFeeInCents = Math.round((amountInCents * basisPoints) / 10_000)
  return {
    platformFeeBasisPoints: basisPoints,
    platformFeeInCents,
    educatorShareInCents: amountInCents - platformFeeInCents,
  }
}
