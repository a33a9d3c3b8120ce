import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PresenceStatus } from '@balcao/shared';
import { listenLive } from '../../lib/socket';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { getPlatform } from '../../platform/platform';
import { presenceApi } from './presence.api';

type Settable = Exclude<PresenceStatus, 'offline'>;
const colour: Record<Settable, string> = { online: '#52c41a', away: '#faad14' };

/**
 * The top bar's online / away switch (issue 30 §1; decision 0380): one click sets the other state
 * on the server; the agent's other tabs and windows follow through `company-<id>-userPresence`.
 * Away, automatic assignment gives them nothing new. In the desktop app the machine's idleness
 * (decision 0356) sets away, and the first input after it online again — unless the agent had
 * chosen away by hand.
 */
export const PresenceToggle = () => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [status, setStatus] = useState<Settable>(user?.presence === 'away' ? 'away' : 'online');
  const [busy, setBusy] = useState(false);
  const current = useRef(status);
  current.current = status;
  /** Away because the machine went idle, not by the agent's hand: only then does input bring them back. */
  const idleAway = useRef(false);
  const id = user?.id;

  const set = async (next: Settable, announce: boolean) => {
    setBusy(true);
    try {
      const saved = await presenceApi.set(next);
      setStatus(saved.status === 'away' ? 'away' : 'online');
      if (announce) toast.success(t(saved.status === 'away' ? 'presence.becameAway' : 'presence.becameOnline'));
    } catch (err) {
      if (announce) toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const setRef = useRef(set);
  setRef.current = set;

  useEffect(() => {
    if (id === undefined) return undefined;
    return listenLive('userPresence', (p) => {
      if (p.presence.id === id && p.presence.status !== 'offline') setStatus(p.presence.status);
    });
  }, [id]);

  useEffect(
    () =>
      getPlatform().onIdleChange((idle) => {
        if (idle && current.current === 'online') {
          idleAway.current = true;
          void setRef.current('away', false);
        } else if (!idle && idleAway.current) {
          idleAway.current = false;
          if (current.current === 'away') void setRef.current('online', false);
        }
      }),
    [],
  );

  if (!user) return null;
  const label = t(`presence.${status}`);
  const flip = () => {
    idleAway.current = false;
    void set(status === 'away' ? 'online' : 'away', true);
  };
  return (
    <Tooltip title={t('presence.toggle', { status: label })}>
      <Button type="text" size="small" loading={busy} onClick={flip} aria-label={t('presence.toggle', { status: label })} data-testid="presence-toggle" data-status={status}>
        <Badge color={colour[status]} text={label} />
      </Button>
    </Tooltip>
  );
};
