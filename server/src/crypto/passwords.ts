import { channel } from 'node:diagnostics_channel'
import { hash, verify } from '@node-rs/argon2'

/** OWASP's recommended argon2id cost: 19 MiB, two passes, one lane. */
export const PRODUCTION_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
/**
 * Test runs hash and check thousands of passwords. A hash names its own cost, so hashes of either
 * cost verify anywhere; the product itself never runs under Vitest.
 */
const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const

export const hashCost = (env: NodeJS.ProcessEnv = process.env) =>
  env['VITEST'] && env['NODE_ENV'] === 'test' ? TEST_HASH_COST : PRODUCTION_HASH_COST

// @node-rs/argon2 hashes with argon2id by default.
export const hashPassword = (password: string) => hash(password, hashCost())

/**
 * Every check of a password against its hash is announced here (the sign-in limits' tests count
 * them; a profiler could too). A channel costs nothing without subscribers.
 */
export const PASSWORD_CHECKS = 'manabi:password-check'
const passwordChecks = channel(PASSWORD_CHECKS)

export const verifyPassword = async (passwordHash: string, password: string) => {
  if (passwordChecks.hasSubscribers) passwordChecks.publish(null)
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
