import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PublicOnly } from '../../app/RouteGuards';

/** The auth feature's pages outside the app shell (before login), lazily loaded: app/router.tsx composes them. */
export const authPublicRoutes: RouteObject[] = [
  {
    path: '/login',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { LoginPage } = await import('./LoginPage');
      return { element: <PublicOnly><LoginPage /></PublicOnly> };
    },
  },
  {
    path: '/signup',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { SignupPage } = await import('./SignupPage');
      return { element: <PublicOnly><SignupPage /></PublicOnly> };
    },
  },
  {
    path: '/forgetpsw',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { ForgotPasswordPage } = await import('./ForgotPasswordPage');
      return { element: <PublicOnly><ForgotPasswordPage /></PublicOnly> };
    },
  },
];
