import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n/i18n';
import { App } from './app/App';
import { Providers } from './app/Providers';
import { ServerPage } from './features/desktop-app';
import { setDesktopServer } from './lib/apiBase';
import { getPlatform } from './platform/platform';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * The desktop app reads its server before anything calls the API; on its first run there is
 * none yet, and the Servidor screen is all it shows. The browser build goes straight on.
 */
const start = async (): Promise<void> => {
  const platform = getPlatform();
  const server = platform.isDesktop ? await platform.getServer().catch(() => null) : null;
  setDesktopServer(server);
  createRoot(root).render(
    <StrictMode>
      {platform.isDesktop && !server ? (
        <Providers>
          <ServerPage current={null} />
        </Providers>
      ) : (
        <App />
      )}
    </StrictMode>,
  );
};

void start();
