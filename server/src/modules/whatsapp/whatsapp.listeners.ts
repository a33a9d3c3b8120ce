import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Connection state goes to admins only: a QR code lets whoever scans it take the number. */
export const registerWhatsappListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('whatsapp.updated', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'whatsapp'), { action: 'update', whatsapp: e.whatsapp }));
  bus.on('whatsapp.deleted', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'whatsapp'), { action: 'delete', whatsappId: e.whatsappId }));
  bus.on('whatsapp.session', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'whatsappSession'), { action: 'update', session: e.session }));
  // A connection that needs a person (logged out, refused, gave up, pairing expired): its admins.
  // An import from the phone's book: the company's /contacts pages show its progress.
  bus.on('contact.importProgress', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contactImport'), { action: 'update', progress: e.progress }));
  bus.on('whatsapp.alert', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'whatsappAlert'), { action: 'create', alert: e.alert }));
};
