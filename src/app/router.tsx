import type { QueryClient } from '@tanstack/react-query'
import { type ComponentType, lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { RequireAuth } from '@/features/auth/components/require-auth'
import { prefetchLesson } from '@/features/lessons/api/prefetch-lesson'
import { currentUserQueryOptions } from '@/shared/auth/current-user'
import { parseId, paths } from '@/shared/config/paths'
import { Loading } from '@/shared/ui/loading'
import { NotFoundPage, RouteErrorPage } from './components/error-page'
import { AppShell, preloadShellLayout } from './layouts/app-shell'
import { RootLayout } from './layouts/root-layout'
import { StartupSkeleton } from './layouts/startup-skeleton'
import { prefetchHome, prefetchLessonForm } from './routes/prefetch-screens'

/**
 * Every screen is its own chunk, fetched when its route is first matched. Child routes use the
 * absolute patterns of `paths` (React Router accepts them below a parent they start with).
 */
const lazyDefault = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})
const lazyNamed =
  <K extends string>(name: K, load: () => Promise<Record<K, ComponentType>>) =>
  async () => ({ Component: (await load())[name] })

/**
 * §2: a guest on /lesson/:id/edit sees the guest screen of that lesson, the one /lesson/:id
 * shows a guest (the screen reads the same :id), with the shell's login link beside it.
 */
const LessonDetail = lazy(() => import('./routes/lesson-detail'))
const GuestLessonFallback = () => (
  <Suspense fallback={<Loading />}>
    <LessonDetail />
  </Suspense>
)

/**
 * The app's route tree. A route whose screen reads what its URL names starts that read in its
 * loader, which runs beside the route's lazy code and does not wait for it: the screen's queries
 * then find the data on its way. The loaders of `/` wait for who is signed in (only when not yet
 * known) and the code the route renders lazily for them (its shell's layout, the home screen), so
 * the first render shows it at once.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // While the first route's code loads, the page index.html painted stays as it is.
    hydrateFallbackElement: <StartupSkeleton />,
    // Who is signed in is asked as the app starts, on every page, beside the first screen's code
    // rather than once the shell renders: the shell, its guards and most screens read it.
    loader: () => {
      void queryClient.prefetchQuery(currentUserQueryOptions())
      return null
    },
    // Once, as the app starts: later, the user's own query keeps it fresh, and a navigation that
    // runs no loader is applied at once (a screen writing its filters to the URL in one tick).
    shouldRevalidate: () => false,
    children: [
      {
        path: paths.auth.root.pattern,
        lazy: lazyDefault(() => import('./layouts/auth-layout')),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={paths.auth.login.href()} replace /> },
          {
            path: paths.auth.login.pattern,
            lazy: lazyNamed('StudentLogin', () => import('./routes/auth/login')),
          },
          {
            path: paths.auth.loginStudent.pattern,
            lazy: lazyNamed('StudentLogin', () => import('./routes/auth/login')),
          },
          {
            path: paths.auth.loginTeacher.pattern,
            lazy: lazyNamed('TeacherLogin', () => import('./routes/auth/login')),
          },
          {
            path: paths.auth.register.pattern,
            lazy: lazyDefault(() => import('./routes/auth/register')),
          },
          {
            path: paths.auth.confirm.pattern,
            lazy: lazyDefault(() => import('./routes/auth/register-done')),
          },
          {
            path: paths.auth.confirmation.pattern,
            lazy: lazyDefault(() => import('./routes/auth/confirmation')),
          },
          {
            path: paths.auth.forgotPassword.pattern,
            lazy: lazyDefault(() => import('./routes/auth/forgot-password')),
          },
          {
            path: paths.auth.resetPassword.pattern,
            lazy: lazyDefault(() => import('./routes/auth/reset-password')),
          },
          {
            path: paths.auth.resetConfirm.pattern,
            lazy: lazyDefault(() => import('./routes/auth/reset-confirm')),
          },
          {
            path: paths.auth.resetError.pattern,
            lazy: lazyDefault(() => import('./routes/auth/reset-error')),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: paths.welcome.pattern,
        lazy: lazyDefault(() => import('./layouts/auth-layout')),
        errorElement: <RouteErrorPage />,
        children: [{ index: true, lazy: lazyDefault(() => import('./routes/welcome')) }],
      },
      {
        path: paths.home.pattern,
        element: <AppShell />,
        errorElement: <RouteErrorPage />,
        // The shell's layout for whoever is signed in, loaded before the first render, which
        // then shows it at once (cachedLazy). A user that cannot be read is the shell's to show.
        loader: async () => {
          const user = await queryClient
            .ensureQueryData(currentUserQueryOptions())
            .catch(() => undefined)
          if (user !== undefined) await preloadShellLayout(queryClient, user).catch(() => undefined)
          return null
        },
        // Once: a sign-in or sign-out later loads the other layout as the shell renders it.
        shouldRevalidate: () => false,
        children: [
          {
            index: true,
            lazy: lazyDefault(() => import('./routes/home')),
            loader: async ({ request }) => {
              await prefetchHome(queryClient, new URL(request.url))
              return null
            },
            // When `/` is opened, not as its lists page through the URL: their queries do that.
            shouldRevalidate: () => false,
          },
          {
            element: <RequireAuth roles={['educator']} requireApproval />,
            children: [
              {
                path: paths.lesson.create.pattern,
                lazy: lazyDefault(() => import('./routes/lesson-form')),
                loader: () => {
                  void prefetchLessonForm(queryClient)
                  return null
                },
                shouldRevalidate: () => false,
              },
            ],
          },
          {
            element: (
              <RequireAuth
                roles={['educator']}
                requireApproval
                guestFallback={<GuestLessonFallback />}
              />
            ),
            children: [
              {
                path: paths.lesson.edit.pattern,
                lazy: lazyDefault(() => import('./routes/lesson-form')),
                // The form of the lesson for its owner, its page for a guest (the guard's fallback).
                loader: ({ params }) => {
                  const id = parseId(params.id)
                  if (id !== null) prefetchLesson(queryClient, id)
                  void prefetchLessonForm(queryClient)
                  return null
                },
                shouldRevalidate: ({ currentParams, nextParams }) =>
                  currentParams.id !== nextParams.id,
              },
            ],
          },
          {
            path: paths.lesson.detail.pattern,
            lazy: lazyDefault(() => import('./routes/lesson-detail')),
            loader: ({ params }) => {
              const id = parseId(params.id)
              if (id !== null) prefetchLesson(queryClient, id)
              return null
            },
            errorElement: <RouteErrorPage />,
          },
          { path: paths.lesson.root.pattern, element: <NotFoundPage /> },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.settings.pattern,
                lazy: lazyDefault(() => import('./routes/settings')),
              },
              {
                path: paths.history.pattern,
                lazy: lazyDefault(() => import('./routes/history')),
              },
            ],
          },
          {
            element: <RequireAuth roles={['educator']} />,
            children: [
              {
                path: paths.upcomingLessons.pattern,
                lazy: lazyDefault(() => import('./routes/upcoming-lessons')),
              },
              {
                path: paths.earnings.pattern,
                lazy: lazyDefault(() => import('./routes/earnings')),
              },
            ],
          },
          {
            element: <RequireAuth roles={['admin']} />,
            children: [
              {
                path: paths.admin.users.pattern,
                lazy: lazyDefault(() => import('./routes/admin-users')),
              },
              {
                path: paths.admin.licences.pattern,
                lazy: lazyDefault(() => import('./routes/admin-licences')),
              },
              {
                path: paths.admin.sessions.pattern,
                lazy: lazyDefault(() => import('./routes/admin-sessions')),
              },
              {
                path: paths.admin.refunds.pattern,
                lazy: lazyDefault(() => import('./routes/admin-refunds')),
              },
            ],
          },
          {
            element: <RequireAuth roles={['student']} />,
            children: [
              {
                path: paths.payment.result.pattern,
                lazy: lazyDefault(() => import('./routes/payment-result')),
              },
            ],
          },
          { path: paths.terms.pattern, lazy: lazyDefault(() => import('./routes/terms')) },
          {
            path: paths.unauthorized.pattern,
            lazy: lazyDefault(() => import('./routes/unauthorized')),
          },
          {
            path: paths.accessDenied.pattern,
            lazy: lazyDefault(() => import('./routes/access-denied')),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(createRoutes(queryClient))
