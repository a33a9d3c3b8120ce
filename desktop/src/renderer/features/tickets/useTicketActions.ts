import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TicketDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import i18n from 'i18next';
import type { TransferChoice } from './TransferDialog';
import { useSession } from '../../lib/session';
import { useConversation } from '../messages';
import { ticketsApi } from './tickets.api';
import { useTickets } from './tickets.store';

export type TicketActionName = 'accept' | 'close' | 'return' | 'reopen' | 'transfer' | 'delete';

/** The status changes of attendance.md §4, with where the view goes after each. */
export const useTicketActions = () => {
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id ?? 0);
  const [busy, setBusy] = useState<TicketActionName | null>(null);

  const run = async (name: TicketActionName, call: () => Promise<TicketDto>, then: (t: TicketDto) => void) => {
    setBusy(name);
    try {
      const ticket = await call();
      // Apply the answer now; the socket event that follows is then a no-op.
      useTickets.getState().upsert(ticket);
      useConversation.getState().applyTicket(ticket);
      then(ticket);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  const toList = () => navigate('/tickets');
  const toTicket = (t: TicketDto) => navigate(`/tickets/${t.uuid}`);

  return {
    busy,
    accept: (t: TicketDto) => run('accept', () => ticketsApi.accept(t.id, userId), toTicket),
    close: (t: TicketDto) => run('close', () => ticketsApi.close(t.id), toList),
    returnToQueue: (t: TicketDto) => run('return', () => ticketsApi.returnToQueue(t.id), toList),
    reopen: (t: TicketDto) => run('reopen', () => ticketsApi.reopen(t.id), toTicket),
    transfer: (t: TicketDto, choice: TransferChoice) =>
      run('transfer', () => ticketsApi.transfer(t.id, choice.queueId, choice.userId, choice.whatsappId), (moved) => {
        toast.success(i18n.t('manager.transferred'));
        // Transferred to me: it stays on screen; to anyone else (or back to waiting): the list.
        if (moved.userId === userId && moved.status === 'open') toTicket(moved);
        else toList();
      }),
    /** Admins (ticket-options:deleteTicket): the ticket and its messages; everyone viewing it goes back to /tickets. */
    remove: async (t: TicketDto) => {
      setBusy('delete');
      try {
        await ticketsApi.remove(t.id);
        useTickets.getState().remove(t.id);
        toast.success(i18n.t('manager.deleted'));
        toList();
      } catch (err) {
        toastError(err);
      } finally {
        setBusy(null);
      }
    },
  };
};
