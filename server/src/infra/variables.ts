import { fillVariables } from '@balcao/shared';
import { textsOf } from './texts';

/** Outbound text variables (server-behaviour §7): short and long forms, no HTML escaping. */
export interface VariableFacts {
  contactName: string;
  ticketId: number;
  now: Date;
  timeZone: string;
  /** The company's language (its `language` setting): the greeting's words. */
  language?: string;
}

export const renderVariables = (text: string, f: VariableFacts): string => {
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: f.timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })
    .formatToParts(f.now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const hour = `${parts.hour}:${parts.minute}`;
  const date = `${parts.day}/${parts.month}/${parts.year}`;
  const greeting = textsOf(f.language).partOfDay(Number(parts.hour));
  return fillVariables(text, { contactName: f.contactName, ticketId: f.ticketId, greeting, hour, date });
};
