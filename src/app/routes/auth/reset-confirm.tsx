import { useParams } from 'react-router-dom'
import { ResetConfirm as ResetConfirmScreen } from '@/features/auth/components/reset-confirm'

export default function ResetConfirm() {
  const { type } = useParams()
  return <ResetConfirmScreen type={type} />
}
