import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Popover, Spin, Typography, theme } from 'antd';
import { HeartOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { gateReasons, type WhatsappHealthDto } from '@balcao/shared';
import { healthApi } from './connections.api';

const reasonKey = { rate: 'rate', 'daily-cap': 'dailyCap', 'warm-up': 'warmUp', 'opt-out': 'optOut' } as const;

/** What the gate did today for one connection (issue 13 §6): sent against the cap, what it held back and why. */
export const HealthDetails = ({ health }: { health: WhatsappHealthDto }) => {
  const { t } = useTranslation();
  const held = gateReasons.filter((r) => health.held[r] > 0);
  return (
    <Flex vertical gap={4} style={{ maxWidth: 280 }} data-testid="conn-health-details">
      <Typography.Text>{health.effectiveCap > 0 ? t('numberHealth.sentOfCap', { sent: health.sent, cap: health.effectiveCap }) : t('numberHealth.sentToday', { sent: health.sent })}</Typography.Text>
      {health.warmupDay !== null && <Typography.Text type="warning">{t('numberHealth.warming', { day: health.warmupDay, days: health.warmupDays, cap: health.effectiveCap })}</Typography.Text>}
      {held.length === 0 ? (
        <Typography.Text type="secondary">{t('numberHealth.nothingHeld')}</Typography.Text>
      ) : (
        <>
          <Typography.Text strong>{t('numberHealth.held')}</Typography.Text>
          {held.map((r) => (
            <Typography.Text key={r} data-testid="conn-health-held" data-reason={r}>
              {t(`numberHealth.reasons.${reasonKey[r]}`)}: {health.held[r]}
            </Typography.Text>
          ))}
        </>
      )}
    </Flex>
  );
};

/** The badge in a connection's row: today's sent count (a warning colour when anything was held); details on click. */
export const ConnectionHealthBadge = ({ id, name }: { id: number; name: string }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [health, setHealth] = useState<WhatsappHealthDto | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    healthApi.today(id).then(
      (h) => {
        setHealth(h);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);
  const heldTotal = health ? gateReasons.reduce((n, r) => n + health.held[r], 0) : 0;
  return (
    <Popover
      trigger="click"
      title={t('numberHealth.healthOf', { name })}
      onOpenChange={(open) => open && load()}
      content={health ? <HealthDetails health={health} /> : failed ? <Typography.Text type="danger">{t('numberHealth.loadFailed')}</Typography.Text> : <Spin size="small" />}
    >
      <Button
        size="small"
        type="text"
        data-testid="conn-health"
        aria-label={t('numberHealth.healthOf', { name })}
        icon={heldTotal > 0 ? <WarningOutlined style={{ color: token.colorWarning }} /> : <HeartOutlined style={{ color: token.colorSuccess }} />}
      >
        <span data-testid="conn-health-sent">{health ? health.sent : '–'}</span>
        {heldTotal > 0 && <span style={{ color: token.colorWarning }}> · {heldTotal}</span>}
      </Button>
    </Popover>
  );
};
