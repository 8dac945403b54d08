import { createHash, randomBytes } from 'node:crypto'

/** Session and e-mail tokens are random; only their hashes are stored. */
export const newToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
