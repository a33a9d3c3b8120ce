import { useState } from 'react';
import { Button, Flex, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCATION, isLatitude, isLongitude, type SimOutgoing } from './simulator.logic';

/** Latitude, longitude and a description, pre-filled with a sample place. */
export const SimLocationForm = ({ onSend }: { onSend: (m: SimOutgoing) => void }) => {
  const { t } = useTranslation();
  const [latitude, setLatitude] = useState<number | null>(DEFAULT_LOCATION.latitude);
  const [longitude, setLongitude] = useState<number | null>(DEFAULT_LOCATION.longitude);
  const [description, setDescription] = useState<string>(DEFAULT_LOCATION.description);
  const valid = isLatitude(latitude) && isLongitude(longitude);
  const submit = () => {
    if (!isLatitude(latitude) || !isLongitude(longitude)) return;
    const body = description.trim();
    onSend({ kind: 'location', latitude, longitude, ...(body ? { body } : {}) });
  };
  return (
    <Flex vertical gap={8} style={{ width: 240 }} data-testid="sim-location-form">
      <InputNumber data-testid="sim-latitude" prefix={t('simulator.latitude')} aria-label={t('simulator.latitude')} min={-90} max={90} step={0.0001}
        value={latitude} onChange={(v) => setLatitude(v)} style={{ width: '100%' }} />
      <InputNumber data-testid="sim-longitude" prefix={t('simulator.longitude')} aria-label={t('simulator.longitude')} min={-180} max={180} step={0.0001}
        value={longitude} onChange={(v) => setLongitude(v)} style={{ width: '100%' }} />
      <Input data-testid="sim-location-description" placeholder={t('simulator.description')} maxLength={200}
        value={description} onChange={(e) => setDescription(e.target.value)} />
      <Button data-testid="sim-location-send" type="primary" disabled={!valid} onClick={submit}>
        {t('simulator.sendLocation')}
      </Button>
    </Flex>
  );
};
