/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  upcoming: () => [...dashboardKeys.all, 'upcoming'] as const,
}
