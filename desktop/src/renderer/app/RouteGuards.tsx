import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { OfflineBanner } from './layout/OfflineBanner';

/** Private routes: anonymous users go to /login (attendance.md §2 Route table). */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'restoring')
    return (
      <>
        <OfflineBanner />
        <FullPageSpinner />
      </>
    );
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
};

/** Public routes: authenticated users go to /. */
export const PublicOnly = ({ children }: { children: ReactNode }) => {
  const status = useSession((s) => s.status);
  if (status === 'restoring') return <FullPageSpinner />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return children;
};

/** Admin-only screens: anyone else goes to /tickets. */
export const RequireAdmin = ({ children }: { children: ReactNode }) => {
  const profile = useSession((s) => s.user?.profile);
  if (profile !== 'admin') return <Navigate to="/tickets" replace />;
  return children;
};
