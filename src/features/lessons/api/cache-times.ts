/** §9's per-query cache exceptions to the general defaults. */
export const FIVE_MINUTES = 5 * 60_000
export const SIXTY_SECONDS = 60_000
