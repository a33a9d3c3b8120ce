import { useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALID_NUMBER, type SimOutgoing } from './simulator.logic';

/** A contact card to share: a name and a number (digits). */
export const SimContactForm = ({ onSend }: { onSend: (m: SimOutgoing) => void }) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const valid = name.trim() !== '' && VALID_NUMBER.test(number);
  return (
    <Flex vertical gap={8} style={{ width: 240 }} data-testid="sim-contact-form">
      <Input data-testid="sim-contact-name" placeholder={t('simulator.contactName')} maxLength={100}
        value={name} onChange={(e) => setName(e.target.value)} />
      <Input data-testid="sim-contact-number" placeholder={t('simulator.contactNumber')} inputMode="numeric" maxLength={20}
        value={number} onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))} />
      <Button data-testid="sim-contact-send" type="primary" disabled={!valid}
        onClick={() => onSend({ kind: 'contact', contact: { name: name.trim(), number } })}>
        {t('simulator.sendContact')}
      </Button>
    </Flex>
  );
};
