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

interface LastPhone {
  whatsappId: number | null;
  number: string;
  name: string;
}

const LAST_PHONE_KEY = 'balcao.simulator.phone';

/** The phone last played, so a reload comes back to the same chat (its messages are on the server). */
const readLastPhone = (): LastPhone => {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_PHONE_KEY) ?? 'null') as Partial<LastPhone> | null;
    return {
      whatsappId: typeof v?.whatsappId === 'number' ? v.whatsappId : null,
      number: typeof v?.number === 'string' ? v.number.replace(/\D/g, '').slice(0, 20) : '',
      name: typeof v?.name === 'string' ? v.name.slice(0, 100) : '',
    };
  } catch {
    return { whatsappId: null, number: '', name: '' };
  }
};

const writeLastPhone = (p: LastPhone): void => {
  try {
    localStorage.setItem(LAST_PHONE_KEY, JSON.stringify(p));
  } catch {
    // Storage full or disabled: the simulator still works, it just starts blank next time.
  }
};

/** Admin dev tool: play the customer on a sandbox connection (/simulator). */
export const SimulatorPage = () => {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.profile === 'admin');
  const [connections, setConnections] = useState<WhatsappDto[] | null>(null);
  const [last] = useState(readLastPhone);
  const [whatsappId, setWhatsappId] = useState<number | null>(last.whatsappId);
  const [number, setNumber] = useState(last.number);
  const [name, setName] = useState(last.name);
  const [sent, setSent] = useState<Record<string, SimLine[]>>({});

  useEffect(() => {
    if (!isAdmin) return;
    simulatorApi.sandboxConnections().then((list) => {
      setConnections(list);
      // The remembered connection only while it is still a sandbox one.
      setWhatsappId((current) => (current && list.some((c) => c.id === current) ? current : (list[0]?.id ?? null)));
    }, toastError);
  }, [isAdmin]);

  useEffect(() => writeLastPhone({ whatsappId, number, name }), [whatsappId, number, name]);

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
