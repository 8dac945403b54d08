import { ScreenTitle } from '@/shared/ui/screen-title'

export default function GuestHome() {
  return <ScreenTitle titleKey="guest.home.title" />
}
