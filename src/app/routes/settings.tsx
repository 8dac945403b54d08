import { ScreenTitle } from '@/shared/ui/screen-title'

export default function Settings() {
  return <ScreenTitle titleKey="settings.title" />
}
