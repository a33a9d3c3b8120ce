import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_CONTROL_PORT } from './constants';

/**
 * Runs the daily invoice job now (the control server's POST /billing/invoices): every company
 * due within the job's lead days gets its period's invoice, once.
 */
export const generateInvoices = async (request: APIRequestContext): Promise<{ companies: number; created: number }> => {
  const res = await request.post(`http://127.0.0.1:${E2E_CONTROL_PORT}/billing/invoices`);
  expect(res.ok(), `POST /billing/invoices → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as { companies: number; created: number };
};

/** A calendar day in São Paulo (the companies' default zone), `days` from today: 'YYYY-MM-DD'. */
export const saoPauloDay = (days: number): string => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const brDate = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
