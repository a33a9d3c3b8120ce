import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import * as repo from './whatsapp.repository';

/**
 * Failover per ticket (issue 29 §6; decision 0411): a connection's fallback must be one of the
 * company's Cloud API connections, not the connection itself, and only a connection that is not a
 * Cloud one has a fallback. Another company's id is not found (404), as any other reference.
 */
export const assertFallback = async (tx: Tx, companyId: number, conn: { id: number | null; provider: string }, fallbackId: number | null | undefined): Promise<void> => {
  if (fallbackId == null) return;
  if (fallbackId === conn.id) throw new AppError('ERR_VALIDATION', 'fallbackWhatsappId: a connection cannot be its own fallback');
  const fallback = await repo.get(tx, companyId, fallbackId);
  if (!fallback) throw new AppError('ERR_NO_WAPP_FOUND');
  if (fallback.provider !== 'cloud') throw new AppError('ERR_VALIDATION', 'fallbackWhatsappId: must be a Cloud API connection');
  if (conn.provider === 'cloud') throw new AppError('ERR_VALIDATION', 'fallbackWhatsappId: a Cloud API connection has no fallback');
};

/**
 * The connection that carries an agent's reply on a ticket of `whatsappId` right now (decision
 * 0412): the ticket's own while its session is CONNECTED (or it has no fallback), else its Cloud
 * fallback if that one is connected. A reply stored now stays with the connection chosen here.
 */
export const replyCarrier = async (tx: Tx, companyId: number, whatsappId: number): Promise<repo.WhatsappRow | undefined> => {
  const conn = await repo.get(tx, companyId, whatsappId);
  if (!conn || conn.status === 'CONNECTED' || conn.fallbackWhatsappId == null) return conn;
  const fallback = await repo.get(tx, companyId, conn.fallbackWhatsappId);
  return fallback?.provider === 'cloud' && fallback.status === 'CONNECTED' ? fallback : conn;
};
