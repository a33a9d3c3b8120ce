import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import type { InboundText } from './copilot.translation';

/** What a ticket update says of the ticket and of where it was. */
interface TicketChange {
  ticket: { id: number; status: string; queueId: number | null; userId: number | null };
  previous?: { status: string; queueId: number | null; userId: number | null };
}

/**
 * Why a ticket change deserves an automatic summary, decided from the event alone (decision 0405),
 * so every other update — each inbound message's among them — costs nothing: closed now, or moved
 * to another queue or from one agent to another.
 */
export const summaryReason = (e: TicketChange): 'close' | 'transfer' | undefined => {
  const p = e.previous;
  if (!p) return undefined;
  if (e.ticket.status === 'closed') return p.status !== 'closed' ? 'close' : undefined;
  if (p.status === 'closed') return undefined;
  const otherQueue = p.queueId != null && e.ticket.queueId !== p.queueId;
  const otherAgent = p.userId != null && e.ticket.userId != null && e.ticket.userId !== p.userId;
  return otherQueue || otherAgent ? 'transfer' : undefined;
};

export const registerCopilotListeners = (bus: EventBus, onSummary: (companyId: number, ticketId: number, reason: 'close' | 'transfer') => Promise<unknown>, onError: (err: unknown) => void): void => {
  bus.on('ticket.updated', (e) => {
    const reason = summaryReason(e);
    return reason ? onSummary(e.companyId, e.ticket.id, reason).catch(onError) : undefined;
  });
};

/**
 * Translation and transcripts (decisions 0440–0441): a customer's new message may want a
 * translation, a voice note its words once its file is stored (the media job's update). The
 * service decides from the event and its cached switches; a kept text goes to the sockets that
 * joined the conversation (`company-<id>-copilotText`), as a ticket's notes do.
 */
export const registerTranslationListeners = (bus: EventBus, rt: Realtime, queue: (e: InboundText, onlyTranscribe?: boolean) => Promise<void>, onError: (err: unknown) => void): void => {
  bus.on('message.created', (e) => queue(e).catch(onError));
  bus.on('message.updated', (e) => queue(e, true).catch(onError));
  bus.on('copilotText.created', (e) => rt.emit([rooms.ticket(e.ticketUuid)], wireEvent(e.companyId, 'copilotText'), { action: 'create', text: e.text }));
};
