import { EducatorUpcomingSessions } from '@/features/dashboard/components/educator-upcoming-sessions'

/** §2 /upcoming-lessons (educators, loaded lazily): the sessions the educator teaches next. */
export default function UpcomingLessons() {
  return <EducatorUpcomingSessions />
}
