/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  upcoming: () => [...dashboardKeys.all, 'upcoming'] as const,
  /** One page of the upcoming sessions; under `upcoming()`, so invalidating that refreshes it. */
  upcomingPage: (page: number) => [...dashboardKeys.upcoming(), 'page', page] as const,
  /** Every page of the upcoming sessions at once; under `upcoming()` too. */
  allUpcoming: () => [...dashboardKeys.upcoming(), 'all'] as const,
  /** The student's places in waitlists. */
  waitlist: () => [...dashboardKeys.all, 'waitlist'] as const,
}
