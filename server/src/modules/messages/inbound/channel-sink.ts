import type { DataAccess } from '../../../db/tenant';
import type { ChannelSink } from '../../whatsapp';
import * as messagesRepo from '../messages.repository';
import type { Inbound } from './inbound';

/** The pipeline as the whatsapp module's session manager sees it (its `ChannelSink` port). */
export const channelSink = (data: DataAccess, inbound: Pick<Inbound, 'attachChannel'>): ChannelSink => ({
  attachChannel: (channel, conn) => inbound.attachChannel(channel, conn),
  storedRaw: (conn, waMessageId) => data.withTenant({ companyId: conn.companyId }, ({ tx }) => messagesRepo.rawByWaId(tx, conn.companyId, conn.id, waMessageId)),
});
