import type { PoolLicence, VideoProvider } from '../../../contract/entities.ts'
import type { LicenceFacts } from '../mail/templates.ts'
import type { PoolRow } from '../repositories/licences.ts'
import type { LicenceRow } from '../repositories/users.ts'

export const toPoolLicence = ({ licence, holder }: PoolRow): PoolLicence => ({
  id: licence.id,
  provider: licence.provider as VideoProvider,
  accountEmail: licence.accountEmail,
  holder: holder ? { id: holder.id, name: holder.name, email: holder.email } : null,
  createdAt: licence.createdAt.toISOString(),
})

/** What the licence e-mails say of a licence: its provider and account. */
export const toLicenceFacts = (licence: LicenceRow): LicenceFacts => ({
  provider: licence.provider as VideoProvider,
  accountEmail: licence.accountEmail,
})
