/**
 * Outbound text variables (server-behaviour §7): the short and long forms, no HTML escaping.
 * One table for the server (which renders them on send, in the company's timezone and language)
 * and the composer (which fills them so the agent sees what the customer will get).
 */
export interface VariableValues {
  contactName: string;
  ticketId: number;
  /** 'Bom dia' / 'Boa tarde' / 'Boa noite' (or the company language's words). */
  greeting: string;
  /** HH:mm */
  hour: string;
  /** dd/MM/yyyy */
  date: string;
}

export const fillVariables = (text: string, v: VariableValues): string => {
  const first = v.contactName.trim().split(/\s+/)[0] ?? '';
  const values: Record<string, string> = {
    firstName: first,
    contactFirstName: first,
    name: v.contactName,
    contactName: v.contactName,
    ms: v.greeting,
    greeting: v.greeting,
    protocol: String(v.ticketId),
    protocolNumber: String(v.ticketId),
    hora: v.hour,
    hour: v.hour,
    date: v.date,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
};
