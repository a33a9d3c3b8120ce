import type { DomainEvent, DomainEventType } from '@balcao/shared';

type Listener<T extends DomainEventType> = (event: Extract<DomainEvent, { type: T }>) => void;

/**
 * In-process bus for domain events. Services only stage events; `withTenant` publishes them
 * after commit, so a listener never announces a change that was rolled back.
 */
export class EventBus {
  private readonly listeners = new Map<DomainEventType, Set<(e: DomainEvent) => void>>();

  on<T extends DomainEventType>(type: T, listener: Listener<T>): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener as (e: DomainEvent) => void);
    this.listeners.set(type, set);
    return () => set.delete(listener as (e: DomainEvent) => void);
  }

  publish(event: DomainEvent): void {
    for (const listener of this.listeners.get(event.type) ?? []) {
      try {
        listener(event);
      } catch (err) {
        // A failing listener must not hide the event from the others.
        console.error('event listener failed', event.type, err);
      }
    }
  }
}
