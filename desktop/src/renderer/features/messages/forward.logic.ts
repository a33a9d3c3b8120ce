import type { MessageDto } from '@balcao/shared';

/** attendance §4/§9: forwarded messages go one by one, 900 ms apart. */
export const FORWARD_PAUSE_MS = 900;

/** The composer's sign toggle (attendance §9: `signOption`, default true), read as it stores it. */
export const SIGN_OPTION_KEY = 'signOption';

export const readSignOption = (): boolean => {
  const raw = localStorage.getItem(SIGN_OPTION_KEY);
  if (raw === null) return true;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'boolean' ? value : value !== 'false' && value !== 0;
  } catch {
    return raw !== 'false';
  }
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends each message (in the order chosen) and waits FORWARD_PAUSE_MS between two sends. Stops at
 * the first failure and rethrows it; `onSent` counts progress.
 */
export const forwardOneByOne = async (
  ids: readonly number[],
  send: (id: number) => Promise<unknown>,
  onSent: (done: number) => void = () => undefined,
): Promise<void> => {
  for (const [i, id] of ids.entries()) {
    if (i > 0) await pause(FORWARD_PAUSE_MS);
    await send(id);
    onSent(i + 1);
  }
};

/** The chosen messages in conversation order (oldest first), whatever order they were ticked in. */
export const inConversationOrder = (selected: readonly number[], messages: readonly MessageDto[]): number[] => {
  const chosen = new Set(selected);
  return messages.filter((m) => chosen.has(m.id)).map((m) => m.id);
};
