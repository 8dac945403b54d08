import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 hashes with argon2id by default, at OWASP's recommended cost.
export const hashPassword = (password: string) => hash(password)

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
