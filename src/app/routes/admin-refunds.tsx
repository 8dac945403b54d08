import { AdminRefunds } from '@/features/admin/components/admin-refunds'

export default AdminRefunds
