import { listenLive } from '../../lib/socket';
import { useQuickMessages } from './quick-messages.store';

/**
 * `company<id>-quickemessage` keeps the screen live: `create`/`update` carry the record, `delete`
 * its id. The server sends a user only the general replies and their own (decision 0061).
 */
export const bindQuickMessageSocket = (): (() => void) =>
  listenLive('quickemessage', (p) => {
    if (p.action === 'delete') useQuickMessages.getState().remove(p.id);
    else useQuickMessages.getState().upsert(p.record);
  });
