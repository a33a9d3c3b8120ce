import { listen } from '../../lib/socket';
import { useConnections } from './connections.store';

/** `company-<id>-whatsapp` and `company-<id>-whatsappSession` (admins only) keep the list live. */
export const bindConnectionSocket = (): (() => void) => {
  const offs = [
    listen('whatsapp', (p) => {
      if (p.action === 'delete') useConnections.getState().remove(p.whatsappId);
      else useConnections.getState().upsert(p.whatsapp);
    }),
    listen('whatsappSession', (p) => useConnections.getState().session(p.session)),
  ];
  return () => {
    for (const off of offs) off();
  };
};
