import { LicencePool } from '@/features/admin/components/licence-pool'

export default LicencePool
