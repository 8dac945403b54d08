import { useParams } from 'react-router-dom'
import { ResetError as ResetErrorScreen } from '@/features/auth/components/reset-error'

export default function ResetError() {
  const { type } = useParams()
  return <ResetErrorScreen type={type} />
}
