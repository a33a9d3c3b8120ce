/**
 * The Cloud API names a message we send by the wamid it gives back; the rest of Balcão names it by
 * our own id (written before the send: `messages.wa_message_id`). The adapter keeps the pair, so
 * statuses, quotes and reactions of either side reconcile. A customer's message keeps its wamid as
 * its id, so an id without a pair is its own wamid.
 */
export interface CloudIds {
  remember(ourId: string, wamid: string): Promise<void>;
  /** The wamid of our id; undefined when we never sent it. */
  wamidOf(ourId: string): Promise<string | undefined>;
  /** Our id of a wamid; undefined when it is not one of our sends. */
  ourIdOf(wamid: string): Promise<string | undefined>;
}

/** In memory: the adapter's own tests (production keeps them in PostgreSQL). */
export const memoryCloudIds = (): CloudIds => {
  const byOurs = new Map<string, string>();
  const byWamid = new Map<string, string>();
  return {
    remember: async (ourId, wamid) => {
      byOurs.set(ourId, wamid);
      byWamid.set(wamid, ourId);
    },
    wamidOf: async (ourId) => byOurs.get(ourId),
    ourIdOf: async (wamid) => byWamid.get(wamid),
  };
};
