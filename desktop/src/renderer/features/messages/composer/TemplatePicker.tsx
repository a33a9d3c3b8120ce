import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Form, Input, Modal, Select, Spin, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderTemplate, type MessageDto, type TicketDto, type WhatsappTemplateDto } from '@balcao/shared';
import { WhatsAppText } from '../../../components/WhatsAppText';
import { toastError } from '../../../lib/reportError';
import { messagesApi } from '../messages.api';

const keyOf = (t: Pick<WhatsappTemplateDto, 'name' | 'language'>) => `${t.name}|${t.language}`;
const MEDIA = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/**
 * The Cloud API's template picker (issue 29 §3; decision 0390): the connection's approved
 * templates, a field per placeholder (header first, then body), the media header's link, and the
 * text the customer will see (`renderTemplate`, the same the server stores), then one send.
 */
export const TemplatePicker = ({ ticket, whatsappId = ticket.whatsappId, onClose, onSent }: { ticket: TicketDto; whatsappId?: number; onClose: () => void; onSent: (m: MessageDto) => void }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [templates, setTemplates] = useState<WhatsappTemplateDto[] | null>(null);
  const [chosen, setChosen] = useState<string | undefined>();
  const [values, setValues] = useState<string[]>([]);
  const [headerUrl, setHeaderUrl] = useState('');
  const [sending, setSending] = useState(false);

  const load = (refresh = false) => {
    setTemplates(null);
    messagesApi.templates(whatsappId, refresh).then(
      (r) => setTemplates(r.templates.filter((x) => x.status === 'APPROVED')),
      (err: unknown) => {
        toastError(err);
        setTemplates([]);
      },
    );
  };
  useEffect(() => load(), [whatsappId]);

  const template = templates?.find((x) => keyOf(x) === chosen);
  const needsMedia = !!template?.header && MEDIA.has(template.header.format);
  const complete = !!template && template.params.every((_, i) => (values[i] ?? '').trim() !== '') && (!needsMedia || /^https:\/\/\S+$/.test(headerUrl.trim()));

  const choose = (key: string) => {
    setChosen(key);
    setValues([]);
    setHeaderUrl('');
  };
  const send = async () => {
    if (!template || !complete) return;
    setSending(true);
    try {
      onSent(
        await messagesApi.sendTemplate(ticket.id, {
          name: template.name,
          language: template.language,
          variables: template.params.map((_, i) => values[i]!.trim()),
          ...(needsMedia ? { headerMediaUrl: headerUrl.trim() } : {}),
        }),
      );
      onClose();
    } catch (err) {
      toastError(err);
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('templates.title')}
      okText={t('templates.send')}
      cancelText={t('common.cancel')}
      onOk={() => void send()}
      onCancel={() => !sending && onClose()}
      okButtonProps={{ disabled: !complete, loading: sending, 'data-testid': 'template-send' }}
      destroyOnHidden
    >
      {templates === null ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : templates.length === 0 ? (
        <Empty description={t('templates.none')} />
      ) : (
        <Form layout="vertical" data-testid="template-form">
          <Form.Item label={t('templates.template')}>
            <Flex gap={8}>
              <Select
                showSearch
                value={chosen}
                onChange={choose}
                placeholder={t('templates.pick')}
                options={templates.map((x) => ({ value: keyOf(x), label: `${x.name} · ${x.language}` }))}
                data-testid="template-select"
                aria-label={t('templates.template')}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button icon={<ReloadOutlined />} onClick={() => load(true)} aria-label={t('templates.refresh')} title={t('templates.refresh')} />
            </Flex>
          </Form.Item>
          {needsMedia && (
            <Form.Item label={t('templates.headerMedia')} required>
              <Input value={headerUrl} onChange={(e) => setHeaderUrl(e.target.value)} inputMode="url" data-testid="template-header-url" />
            </Form.Item>
          )}
          {template?.params.map((p, i) => (
            <Form.Item key={`${p.part}-${p.name}`} label={t(p.part === 'header' ? 'templates.headerVariable' : 'templates.bodyVariable', { name: p.name })} required>
              <Input
                value={values[i] ?? ''}
                maxLength={1024}
                onChange={(e) => setValues((v) => Object.assign([...v], { [i]: e.target.value }))}
                data-testid={`template-var-${i}`}
              />
            </Form.Item>
          ))}
          {template && (
            <Form.Item label={t('templates.preview')}>
              <Typography.Paragraph
                data-testid="template-preview"
                style={{ whiteSpace: 'pre-wrap', margin: 0, padding: '8px 12px', borderRadius: token.borderRadiusLG, background: token.colorFillTertiary, overflowWrap: 'anywhere' }}
              >
                <WhatsAppText text={renderTemplate(template, values)} />
              </Typography.Paragraph>
              {template.buttons.length > 0 && (
                <Flex gap={4} wrap style={{ marginTop: 6 }}>
                  {template.buttons.map((b) => (
                    <Button key={b} size="small" disabled>
                      {b}
                    </Button>
                  ))}
                </Flex>
              )}
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
};
