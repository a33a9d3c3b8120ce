import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import type { CampaignRunner } from './campaigns.runner';
import type { CampaignsService } from './campaigns.service';

/** The report's live refresh: at most one read and one event per campaign per this interval. */
export const PROGRESS_THROTTLE_MS = 1000;

/**
 * `company-<id>-campaign` to the company's admins (who manage campaigns): saves, deletes, and the
 * ledger's progress (throttled: a 10,000-contact campaign is not 10,000 reads). The bus also
 * brings the customer's replies (confirmations) and the acks of campaign messages to the runner.
 */
export const registerCampaignListeners = (bus: EventBus, rt: Realtime, campaigns: CampaignsService, runner: CampaignRunner, log: (err: unknown, what: string) => void): (() => void) => {
  const event = (companyId: number) => wireEvent(companyId, 'campaign');
  bus.on('campaign.saved', (e) => rt.emit([rooms.admins(e.companyId)], event(e.companyId), { action: e.created ? 'create' : 'update', record: e.campaign }));
  bus.on('campaign.deleted', (e) => rt.emit([rooms.admins(e.companyId)], event(e.companyId), { action: 'delete', id: e.campaignId }));

  const timers = new Map<number, NodeJS.Timeout>();
  bus.on('campaign.progress', (e) => {
    if (timers.has(e.campaignId)) return;
    timers.set(
      e.campaignId,
      setTimeout(() => {
        timers.delete(e.campaignId);
        campaigns
          .dtoFor(e.companyId, e.campaignId)
          .then((record) => {
            if (record) rt.emit([rooms.admins(e.companyId)], event(e.companyId), { action: 'update', record });
          })
          .catch((err: unknown) => log(err, 'campaign progress'));
      }, PROGRESS_THROTTLE_MS),
    );
  });

  // A customer's message: a confirmation they owed a campaign (decision 0237).
  bus.on('message.created', (e) => {
    // The pipeline says whether the contact owes one (a query per message otherwise).
    if (e.message.fromMe || e.ticket.isGroup || e.inbound?.confirmation === false) return;
    return runner.confirmFrom(e.companyId, e.ticket.contact.number, e.ticket.contactId).catch((err: unknown) => log(err, 'campaign confirmation'));
  });
  // Delivery, read and failure of our messages: the ledger row of a campaign's main message.
  bus.on('message.updated', (e) => {
    if (!e.message.fromMe || (e.message.ack >= 0 && e.message.ack < 3)) return;
    void runner.ack(e.companyId, e.message.id, e.message.ack, e.message.errorCode ?? null).catch((err: unknown) => log(err, 'campaign ack'));
  });
  return () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  };
};
