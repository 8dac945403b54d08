import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { RequireAuth } from '@/features/auth/components/require-auth'
import { paths } from '@/shared/config/paths'
import { Loading } from '@/shared/ui/loading'
import { NotFoundPage, RouteErrorPage } from './components/error-page'
import { AppShell } from './layouts/app-shell'
import { RootLayout } from './layouts/root-layout'

/** Every screen is its own chunk, fetched when its route is first matched. */
const lazyDefault = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
})
const lazyNamed =
  <K extends string>(name: K, load: () => Promise<Record<K, ComponentType>>) =>
  async () => ({ Component: (await load())[name] })
const screen = (name: string) =>
  lazyNamed(name, () => import('./routes/screens') as Promise<Record<string, ComponentType>>)

const GuestLessonFallback = () => <Navigate to={paths.auth.login.href()} replace />

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        path: paths.auth.root.pattern,
        lazy: lazyDefault(() => import('./layouts/auth-layout')),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={paths.auth.login.href()} replace /> },
          { path: 'login', lazy: lazyNamed('StudentLogin', () => import('./routes/auth/login')) },
          {
            path: 'login/student',
            lazy: lazyNamed('StudentLogin', () => import('./routes/auth/login')),
          },
          {
            path: 'login/teacher',
            lazy: lazyNamed('TeacherLogin', () => import('./routes/auth/login')),
          },
          { path: 'register', lazy: lazyDefault(() => import('./routes/auth/register')) },
          { path: 'confirm', lazy: lazyDefault(() => import('./routes/auth/register-done')) },
          {
            path: 'confirmation/*',
            lazy: lazyDefault(() => import('./routes/auth/confirmation')),
          },
          {
            path: 'forgot-password',
            lazy: lazyDefault(() => import('./routes/auth/forgot-password')),
          },
          {
            path: 'reset-password',
            lazy: lazyDefault(() => import('./routes/auth/reset-password')),
          },
          {
            path: 'reset-confirm/:type',
            lazy: lazyDefault(() => import('./routes/auth/reset-confirm')),
          },
          {
            path: 'reset-error/:type',
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
        children: [
          { index: true, lazy: lazyDefault(() => import('./routes/home')) },
          {
            element: <RequireAuth roles={['educator']} requireApproval />,
            children: [
              { path: 'lesson/new', lazy: lazyDefault(() => import('./routes/lesson-form')) },
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
              { path: 'lesson/:id/edit', lazy: lazyDefault(() => import('./routes/lesson-form')) },
            ],
          },
          {
            path: 'lesson/:id/*',
            lazy: lazyDefault(() => import('./routes/lesson-detail')),
            errorElement: <RouteErrorPage />,
          },
          { path: 'lesson', element: <NotFoundPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'settings', lazy: lazyDefault(() => import('./routes/settings')) },
              { path: 'history', lazy: screen('History') },
            ],
          },
          {
            element: <RequireAuth roles={['educator']} />,
            children: [{ path: 'upcoming-lessons', lazy: screen('UpcomingLessons') }],
          },
          {
            element: <RequireAuth roles={['admin']} />,
            children: [{ path: 'admin/educators', lazy: screen('AdminEducators') }],
          },
          {
            element: <RequireAuth roles={['student']} />,
            children: [{ path: 'payments/:paymentId', lazy: screen('PaymentResult') }],
          },
          { path: 'terms', lazy: lazyDefault(() => import('./routes/terms')) },
          { path: 'unauthorized', lazy: lazyDefault(() => import('./routes/unauthorized')) },
          { path: 'access-denied', lazy: lazyDefault(() => import('./routes/access-denied')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
