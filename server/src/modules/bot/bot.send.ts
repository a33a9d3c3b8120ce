import type { Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { queueOutbound } from '../messages';
import { renderVariables } from '../../infra/variables';
import type { TicketRow } from '../tickets';
import type { OutMessage } from './bot.decide';

const MEDIA_KIND: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|webp)$/i, 'image'],
  [/\.(mp4|3gp|mov|webm)$/i, 'video'],
  [/\.(mp3|ogg|opus|m4a|aac|wav)$/i, 'audio'],
];
const mediaTypeOfName = (name: string) => MEDIA_KIND.find(([re]) => re.test(name))?.[1] ?? 'document';

/** Stores and queues the bot's messages on the ticket, variables rendered, marked automated. */
export const sendAutomated = async (unit: Unit, jobs: Jobs, clock: Clock, ticket: TicketRow, messages: OutMessage[]): Promise<void> => {
  if (messages.length === 0) return;
  const { tx } = unit;
  const language = await companiesQueries.getSetting(tx, ticket.companyId, LANGUAGE_SETTING);
  const company = await companiesQueries.get(tx, ticket.companyId);
  const contact = await contactsQueries.get(tx, ticket.companyId, ticket.contactId);
  for (const m of messages) {
    const body = renderVariables(m.body, { language, contactName: contact?.name ?? '', ticketId: ticket.id, now: clock.now(), timeZone: company?.timezone ?? 'America/Sao_Paulo' });
    const media = m.media ? { type: m.media.type ?? mediaTypeOfName(m.media.path), name: m.media.path } : null;
    await queueOutbound(unit, jobs, ticket, body, { automated: true, media, ticketAnnounced: true, ...(m.delayMs ? { composeMs: m.delayMs } : {}) });
  }
};

