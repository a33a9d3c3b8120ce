/**
 * Cloud API webhook bodies as Meta posts them (the `messages` field), for the webhook's tests:
 * one change per call, for the number `phoneNumberId`.
 */
import { randomBytes } from 'node:crypto';
import type { CloudMessage, CloudStatus } from '../map-inbound';

export const newWamid = () => `wamid.${randomBytes(16).toString('base64url')}`;

export const change = (phoneNumberId: string, value: { messages?: CloudMessage[]; statuses?: CloudStatus[]; name?: string; from?: string }) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
            ...(value.messages ? { contacts: [{ profile: { name: value.name ?? 'Cliente' }, wa_id: value.from ?? value.messages[0]?.from }] } : {}),
            ...(value.messages ? { messages: value.messages } : {}),
            ...(value.statuses ? { statuses: value.statuses } : {}),
          },
        },
      ],
    },
  ],
});

export const textFrom = (from: string, body: string, extra: Partial<CloudMessage> = {}): CloudMessage => ({
  from,
  id: newWamid(),
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: 'text',
  text: { body },
  ...extra,
});

export const statusOf = (wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', extra: Partial<CloudStatus> = {}): CloudStatus => ({
  id: wamid,
  status,
  timestamp: String(Math.floor(Date.now() / 1000)),
  recipient_id: '5561981234567',
  ...extra,
});
