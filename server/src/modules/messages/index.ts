// The messages module's one door (decision 0015): conversations, sends, media, and the inbound
// pipeline (contact → ticket → message) that the whatsapp module feeds (decision 0016).
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import type { Clock } from '../../infra/clock';
import type { MediaStore } from '../../infra/media-store';
import { DEFAULT_UPLOAD_LIMITS, DEFAULT_UPLOAD_MAX_BYTES, type Config } from '../../infra/config';
import { defineModule } from '../../infra/module';
import type { CloudAccount, JobRouting, SessionManager } from '../whatsapp';
import { registerMediaJobs } from './inbound/inbound-media';
import { mediaRoutes } from './media.routes';
import { registerMessageJobs } from './messages.jobs';
import { registerMessageListeners } from './messages.listeners';
import { messagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';
import { registerReadReceiptJobs } from './read-receipts';
import { moveContact, moveToTicket } from './messages.repository';

export { createMessagesService, type MessagesService } from './messages.service';
export { newWaMessageId, queueOutbound, queueOutboundMany, type OutboundItem, type OutboundOptions } from './outbound';
export { ticketMessaging } from './ticket-messaging';
export { CALLS_DISABLED_TEXT, callLogBody, createInbound, mediaTypeOf, type CallOutcome, type Inbound, type IngestResult } from './inbound/inbound';
export { createInboundMedia, MEDIA_ERROR, MEDIA_SAFETY_NET_SECONDS, registerMediaJobs, type MediaJob } from './inbound/inbound-media';
export { applyPresence, ticketPresence } from './inbound/inbound-presence';
export { channelSink } from './inbound/channel-sink';
export { latestOfTicket, messageFacts, type HistoryMessage, type MessageFacts } from './messages.history';
export { captionsFor, classifyUpload, readMultipart, uploadOf, type ClassifiedUpload, type MultipartBody, type Upload } from './uploads';
export { displayName } from './outbound-content';
export { customerWindow } from './customer-window';
export { messagesJobQueues } from './messages.job-types';

/** The messages module's verbs for modules above it: a rating answer moved to the ticket it rates (bot), a merged contact's messages (contact-merge). */
export const messagesWrites = { moveContact, moveToTicket };

export const messagesModule = defineModule({
  name: 'messages',
  dependsOn: ['companies', 'contacts', 'tickets', 'whatsapp'],
  setup: (k: { config: Config; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; media: MediaStore; sessions: SessionManager; routing: JobRouting; cloudAccount: CloudAccount }) => {
    const { data, jobs, media, sessions, routing } = k;
    // Per-kind limits, each capped by UPLOAD_MAX_BYTES (decision 0056).
    const uploads = { limits: k.config.uploadLimits ?? DEFAULT_UPLOAD_LIMITS, maxBytes: k.config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES };
    return {
      routes: async (app) => {
        await app.register(messagesRoutes(createMessagesService({ data, jobs, clock: k.clock, media, uploads, templates: k.cloudAccount }), { uploadMaxBytes: uploads.maxBytes, spoolPath: media.spoolPath }));
        await app.register(mediaRoutes({ data, media }));
      },
      start: async (rt) => {
        registerMessageListeners(k.bus, rt, jobs);
        await registerMessageJobs({ data, jobs, sessions, media, routing, clock: k.clock });
        await registerMediaJobs({ data, jobs, media, channelOf: (id) => sessions.sender(id), routing });
        await registerReadReceiptJobs({ data, jobs, sessions, routing });
      },
    };
  },
});
