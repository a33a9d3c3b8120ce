import { Avatar, Button, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseVcard } from './media.logic';

/** One row per card of a shared contact (or contacts): name and numbers. */
export const ContactCard = ({ body }: { body: string }) => {
  const { t } = useTranslation();
  const cards = parseVcard(body);
  return (
    <div data-testid="message-contact" style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 180 }}>
      {cards.length === 0 && <Typography.Text type="secondary">{t('media.contact')}</Typography.Text>}
      {cards.map((card, i) => (
        <div key={i} data-testid="message-contact-card" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Avatar icon={<UserOutlined />} />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block' }}>
              {card.name || card.phones[0]?.display || t('media.contact')}
            </Typography.Text>
            {card.phones.length === 0 && <Typography.Text type="secondary">{t('media.noNumber')}</Typography.Text>}
            {card.phones.map((phone, j) => (
              <Typography.Text key={j} type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {phone.display || phone.waid}
              </Typography.Text>
            ))}
            {/* WhatsApp writes `waid=` on a shared number only when it has WhatsApp (decision 0064). */}
            {card.phones.length > 0 && card.phones.every((p) => !p.waid) && (
              <Button size="small" disabled data-testid="contact-outside" style={{ marginTop: 4 }}>
                {t('conversation.contactOutside')}
              </Button>
            )}
          </div>
        </div>
      ))}
    </div>
  );
};
