/** PostgreSQL error codes the repositories translate into domain errors. */
export const PG = { uniqueViolation: '23505', exclusionViolation: '23P01', foreignKey: '23503' }

/** The PostgreSQL error code behind a driver error (node-postgres and PGlite nest it differently). */
export const pgErrorCode = (error: unknown): string | undefined => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}
