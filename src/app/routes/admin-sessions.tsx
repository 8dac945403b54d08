import { AdminSessions } from '@/features/admin/components/admin-sessions'

export default AdminSessions
