import { useState } from 'react';
import { Alert, Button } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageDto, TicketDto } from '@balcao/shared';
import { TemplatePicker } from './TemplatePicker';
import { useConversation } from '../messages.store';

/**
 * In place of the text input when a Cloud API ticket's 24-hour window is closed (decision 0391):
 * why free-form messages cannot go, and the template picker.
 */
export const WindowClosedBar = ({ ticket, onSent }: { ticket: TicketDto; onSent: (m: MessageDto) => void }) => {
  const { t } = useTranslation();
  // The fallback's number while the ticket's session is down (decision 0412), else the ticket's own.
  const whatsappId = useConversation((s) => s.window?.whatsappId) ?? ticket.whatsappId;
  const [picking, setPicking] = useState(false);
  return (
    <div style={{ padding: '8px 12px' }}>
      <Alert
        type="warning"
        showIcon
        icon={<ClockCircleOutlined />}
        message={t('templates.windowClosed')}
        data-testid="window-closed"
        action={
          <Button type="primary" size="small" onClick={() => setPicking(true)} data-testid="template-open">
            {t('templates.open')}
          </Button>
        }
        style={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 8 }}
      />
      {picking && <TemplatePicker ticket={ticket} whatsappId={whatsappId} onClose={() => setPicking(false)} onSent={onSent} />}
    </div>
  );
};
