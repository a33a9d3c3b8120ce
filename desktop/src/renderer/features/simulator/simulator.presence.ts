import type { SandboxPresenceBody } from '@balcao/shared';

export type SimPresence = SandboxPresenceBody['presence'];

/** A phone repeats "typing" while the customer keeps typing; the agent's list drops it after 15 s unrefreshed. */
export const PRESENCE_REFRESH_MS = 10_000;
/** Typing stops counting as typing after this long without a key. */
export const TYPING_IDLE_MS = 4_000;

/**
 * What the simulated phone tells the company about its customer, as WhatsApp does: "typing"
 * when a key is pressed (refreshed while it goes on, "paused" once the keys stop or the message
 * goes), "recording" while a voice note is being recorded. Sends only changes and refreshes.
 */
export const createPresenceReporter = (send: (p: SimPresence) => void, clock: { now(): number } = Date) => {
  let current: SimPresence = 'paused';
  let lastSent = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let refresh: ReturnType<typeof setInterval> | undefined;

  const stopTimers = () => {
    clearTimeout(idle);
    clearInterval(refresh);
    idle = undefined;
    refresh = undefined;
  };
  const tell = (p: SimPresence) => {
    current = p;
    lastSent = clock.now();
    send(p);
  };

  return {
    /** A key was pressed in the message box (`text` is what it now holds). */
    typed(text: string): void {
      if (current === 'recording') return;
      if (!text.trim()) return this.paused();
      if (current !== 'composing' || clock.now() - lastSent >= PRESENCE_REFRESH_MS) tell('composing');
      clearTimeout(idle);
      idle = setTimeout(() => this.paused(), TYPING_IDLE_MS);
    },
    /** A voice note started: "recording", refreshed until it ends. */
    recording(): void {
      stopTimers();
      tell('recording');
      refresh = setInterval(() => tell('recording'), PRESENCE_REFRESH_MS);
    },
    /** Sent, cleared, cancelled or idle: "paused" (once). */
    paused(): void {
      stopTimers();
      if (current !== 'paused') tell('paused');
    },
    dispose(): void {
      stopTimers();
    },
  };
};

export type PresenceReporter = ReturnType<typeof createPresenceReporter>;
