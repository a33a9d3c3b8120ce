import { useCallback } from 'react';
import type { WhatsappDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';

/** Session calls; the answer (and later socket events) update the list in place. */
export const useConnectionActions = () => {
  const run = useCallback(async (call: () => Promise<WhatsappDto>) => {
    try {
      useConnections.getState().upsert(await call());
    } catch (err) {
      toastError(err);
    }
  }, []);
  return {
    onRetry: (w: WhatsappDto) => void run(() => connectionsApi.retrySession(w.id)),
    onNewQr: (w: WhatsappDto) => void run(() => connectionsApi.startSession(w.id)),
    onDisconnect: (w: WhatsappDto) => void run(() => connectionsApi.disconnect(w.id)),
    remove: async (w: WhatsappDto): Promise<boolean> => {
      try {
        await connectionsApi.remove(w.id);
        useConnections.getState().remove(w.id);
        return true;
      } catch (err) {
        toastError(err);
        return false;
      }
    },
  };
};
