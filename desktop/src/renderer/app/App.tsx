import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { refreshSession } from '../lib/http';
import { useSession } from '../lib/session';
import { Providers } from './Providers';
import { createAppRouter } from './router';

/** On start, a stored token means "restore": refresh it and get the user back (spec §4 Session). */
const useRestoreSession = () => {
  useEffect(() => {
    if (useSession.getState().status === 'restoring') void refreshSession();
  }, []);
};

export const App = () => {
  const [router] = useState(createAppRouter);
  useRestoreSession();
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
};
