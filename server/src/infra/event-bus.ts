import type { DomainEvent, DomainEventType } from '@balcao/shared';

/** A listener may return the promise of the work it started: `idle()` waits for it. */
type Listener<T extends DomainEventType> = (event: Extract<DomainEvent, { type: T }>) => void | Promise<unknown>;

/**
 * In-process bus for domain events. Services only stage events; `withTenant` publishes them
 * after commit, so a listener never announces a change that was rolled back.
 */
export class EventBus {
  private readonly listeners = new Map<DomainEventType, Set<(e: DomainEvent) => void | Promise<unknown>>>();
  /** The work listeners started and have not finished (their own errors are theirs to log). */
  private readonly pending = new Set<Promise<unknown>>();

  on<T extends DomainEventType>(type: T, listener: Listener<T>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as (e: DomainEvent) => void | Promise<unknown>);
    this.listeners.set(type, set);
    return () => set.delete(listener as (e: DomainEvent) => void | Promise<unknown>);
  }

  publish(event: DomainEvent): void {
    for (const listener of this.listeners.get(event.type) ?? []) {
      try {
        const work = listener(event);
        if (work instanceof Promise) {
          const tracked: Promise<unknown> = work.catch(() => undefined).finally(() => this.pending.delete(tracked));
          this.pending.add(tracked);
        }
      } catch (err) {
        // A failing listener must not hide the event from the others.
        console.error('event listener failed', event.type, err);
      }
    }
  }

  /** Resolves once every listener's work started so far (and what it published meanwhile) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
