import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Flex, Input, Select } from 'antd';
import type { WhatsappDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { SimulatorChat, type SimLine } from './SimulatorChat';
import { simulatorApi } from './simulator.api';
import { VALID_NUMBER, chatLines, lineOfOutbox, lineOfSent, viewOfSent, type SimOutgoing } from './simulator.logic';
import { createPresenceReporter } from './simulator.presence';
import { SimulatorComposer } from './SimulatorComposer';
import { useOutbox } from './useOutbox';

/** Admin dev tool: play the customer on a sandbox connection (/simulator). */
export const SimulatorPage = () => {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.profile === 'admin');
  const [connections, setConnections] = useState<WhatsappDto[] | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [sent, setSent] = useState<Record<string, SimLine[]>>({});

  useEffect(() => {
    if (!isAdmin) return;
    simulatorApi.sandboxConnections().then((list) => {
      setConnections(list);
      setWhatsappId((current) => current ?? list[0]?.id ?? null);
    }, toastError);
  }, [isAdmin]);

  const validNumber = VALID_NUMBER.test(number) ? number : null;
  const chat = useOutbox(whatsappId, validNumber);
  const threadKey = `${whatsappId}:${number}`;
  const lines = useMemo(
    () => chatLines(chat.sent.map(lineOfSent), chat.outbox.map(lineOfOutbox), sent[threadKey] ?? []),
    [chat, sent, threadKey],
  );

  // Typing and recording reach the agent's ticket ('Digitando...' / 'Gravando...'). Best effort,
  // as on WhatsApp: a presence that fails to go out is not worth interrupting the customer for.
  const presence = useMemo(
    () =>
      whatsappId && validNumber
        ? createPresenceReporter((p) => void simulatorApi.presence(whatsappId, { from: validNumber, presence: p }).catch(() => undefined))
        : undefined,
    [whatsappId, validNumber],
  );
  useEffect(() => () => presence?.dispose(), [presence]);

  if (!isAdmin) return <Navigate to="/tickets" replace />;

  const send = async (m: SimOutgoing): Promise<boolean> => {
    if (!whatsappId || !validNumber) return false;
    try {
      const { id } = await simulatorApi.inbound(whatsappId, { from: validNumber, name: name.trim() || undefined, ...m });
      const line: SimLine = { id, direction: 'sent', view: viewOfSent(m), createdAt: new Date().toISOString() };
      setSent((all) => ({ ...all, [threadKey]: [...(all[threadKey] ?? []), line] }));
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  return (
    <Flex justify="center" style={{ height: '100%', padding: 16, boxSizing: 'border-box' }}>
      <Card title={t('simulator.title')} style={{ width: 720, maxWidth: '100%', height: '100%', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 12 } }}>
        {connections?.length === 0 && <Alert type="warning" showIcon title={t('simulator.noSandbox')} />}
        <Flex gap={8} wrap>
          <Select
            data-testid="sim-connection"
            style={{ minWidth: 200, flex: 1 }}
            placeholder={t('simulator.connection')}
            value={whatsappId ?? undefined}
            onChange={setWhatsappId}
            loading={connections === null}
            options={(connections ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.status})` }))}
          />
          <Input data-testid="sim-number" style={{ flex: 1, minWidth: 180 }} placeholder={t('simulator.number')} inputMode="numeric"
            value={number} onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))} maxLength={20} />
          <Input data-testid="sim-name" style={{ flex: 1, minWidth: 160 }} placeholder={t('simulator.name')}
            value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Flex>
        <SimulatorChat lines={lines} emptyText={t('simulator.hint')} />
        <SimulatorComposer disabled={!whatsappId || !validNumber} onSend={send} presence={presence} />
      </Card>
    </Flex>
  );
};
