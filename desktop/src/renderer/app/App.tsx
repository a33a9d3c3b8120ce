import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { refreshSession } from '../lib/http';
import { useSession } from '../lib/session';
import { Providers } from './Providers';
import { createAppRouter } from './router';

const RESTORE_RETRY_MS = 3000;

/** On start, a stored token means "restore": refresh it and get the user back (spec §4 Session). */
const useRestoreSession = () => {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A reload while the server is unreachable keeps the session (and the outbox) and tries
    // again until it answers (issue 16 §4), instead of logging the agent out.
    const attempt = async () => {
      if (useSession.getState().status !== 'restoring') return;
      await refreshSession();
      if (useSession.getState().status === 'restoring') timer = setTimeout(() => void attempt(), RESTORE_RETRY_MS);
    };
    void attempt();
    return () => clearTimeout(timer);
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
