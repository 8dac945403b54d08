import { ProfileSettings } from '@/features/profile/components/profile-settings'

export default function Settings() {
  return <ProfileSettings />
}
