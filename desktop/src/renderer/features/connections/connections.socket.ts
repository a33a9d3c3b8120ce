import { listen } from '../../lib/socket';
import { showConnectionAlert } from './connections.alerts';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';

/**
 * `company-<id>-whatsapp` and `company-<id>-whatsappSession` (admins only) keep the list live.
 * A session update carries no number (administration.md §4), so a connection that has just
 * become CONNECTED is fetched again: the phone that scanned the QR code shows without a reload.
 */
export const bindConnectionSocket = (): (() => void) => {
  const offs = [
    listen('whatsapp', (p) => {
      if (p.action === 'delete') useConnections.getState().remove(p.whatsappId);
      else useConnections.getState().upsert(p.whatsapp);
    }),
    listen('whatsappSession', (p) => {
      const store = useConnections.getState();
      const before = store.list.find((w) => w.id === p.session.id);
      store.session(p.session);
      if (before && before.status !== 'CONNECTED' && p.session.status === 'CONNECTED') {
        connectionsApi.show(p.session.id).then((w) => useConnections.getState().refresh(w), () => undefined);
      }
    }),
    // Admins only (the server sends it to their room): a connection that needs a person.
    listen('whatsappAlert', (p) => showConnectionAlert(p.alert)),
  ];
  return () => {
    for (const off of offs) off();
  };
};
