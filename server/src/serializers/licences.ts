import type { PoolLicence, VideoProvider } from '../../../contract/entities.ts'
import type { PoolRow } from '../repositories/licences.ts'

export const toPoolLicence = ({ licence, holder }: PoolRow): PoolLicence => ({
  id: licence.id,
  provider: licence.provider as VideoProvider,
  accountEmail: licence.accountEmail,
  holder: holder ? { id: holder.id, name: holder.name, email: holder.email } : null,
  createdAt: licence.createdAt.toISOString(),
})
