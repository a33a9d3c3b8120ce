import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Table, Tag, theme, Typography, Upload, type UploadFile } from 'antd';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiSendResponse } from '@balcao/shared';
import { apiBaseUrl } from '../../lib/apiBase';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { curlMedia, curlText, messagesApi, sendUrl } from './messagesApi.api';

type Outcome = { ok: true; answer: ApiSendResponse } | { ok: false; answer: unknown } | null;

/** A block of code the reader copies (dark-mode aware: antd tokens only). */
const Code = ({ children, testId }: { children: ReactNode; testId?: string }) => {
  const { token } = theme.useToken();
  return (
    <pre
      data-testid={testId}
      style={{ background: token.colorFillTertiary, color: token.colorText, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 12, overflowX: 'auto', fontSize: 12, margin: '8px 0', whiteSpace: 'pre' }}
    >
      {children}
    </pre>
  );
};

const Answer = ({ outcome, testId }: { outcome: Outcome; testId: string }) =>
  outcome && (
    <Code testId={testId}>
      {JSON.stringify(outcome.answer, null, 2)}
    </Code>
  );

const numberRule = { pattern: /^\+?[\d\s().-]{10,30}$/ };

/**
 * /messages-api (administration.md "Messages API page"; issue 15 §3): how to send text and files
 * through the external API with a connection token, and a test form for each that calls it.
 */
export const MessagesApiPage = () => {
  const { t } = useTranslation();
  const url = sendUrl();
  const [textForm] = Form.useForm<{ token: string; number: string; body: string }>();
  const [mediaForm] = Form.useForm<{ token: string; number: string; caption?: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState<'text' | 'media' | null>(null);
  const [textOutcome, setTextOutcome] = useState<Outcome>(null);
  const [mediaOutcome, setMediaOutcome] = useState<Outcome>(null);

  const run = async (kind: 'text' | 'media', send: () => Promise<ApiSendResponse>, set: (o: Outcome) => void) => {
    setSending(kind);
    try {
      const answer = await send();
      set({ ok: true, answer });
      toast.success(t('messagesApi.sent', { id: answer.messageId }));
    } catch (err) {
      set({ ok: false, answer: err });
      toastError(err);
    } finally {
      setSending(null);
    }
  };
  const sendText = (v: { token: string; number: string; body: string }) => run('text', () => messagesApi.sendText(v.token, v.number, v.body), setTextOutcome);
  const sendMedia = (v: { token: string; number: string; caption?: string }) => {
    const file = files[0]?.originFileObj;
    if (!file) return toast.error(t('messagesApi.fileRequired'));
    return run('media', () => messagesApi.sendMedia(v.token, v.number, file, v.caption ?? ''), setMediaOutcome);
  };

  const required = { required: true, message: t('messagesApi.required') };
  const fields = [
    { key: 'number', field: 'number', type: 'string', text: t('messagesApi.fieldNumber') },
    { key: 'body', field: 'body', type: 'string', text: t('messagesApi.fieldBody') },
    { key: 'medias', field: 'medias', type: 'file', text: t('messagesApi.fieldMedias') },
  ];
  const tokenField = (testId: string) => (
    <Form.Item name="token" label={t('messagesApi.token')} rules={[required]}>
      <Input.Password autoComplete="off" placeholder="blc_…" data-testid={testId} />
    </Form.Item>
  );
  const numberField = (testId: string) => (
    <Form.Item name="number" label={t('messagesApi.number')} rules={[required, { ...numberRule, message: t('messagesApi.numberInvalid') }]} extra={t('messagesApi.numberHint')}>
      <Input inputMode="tel" placeholder="5511999998888" data-testid={testId} />
    </Form.Item>
  );

  return (
    <div style={{ padding: 16, maxWidth: 1200, margin: '0 auto' }} data-testid="messages-api-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('messagesApi.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('messagesApi.intro')}</Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('messagesApi.tokenHowTitle')}
        description={
          <Trans i18nKey="messagesApi.tokenHow" components={{ conn: <Link to="/connections" data-testid="messages-api-connections-link" /> }} />
        }
      />
      <Card size="small" title={t('messagesApi.reference')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph>
          <Tag color="green">POST</Tag>
          <Typography.Text code copyable data-testid="messages-api-url">
            {url}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('messagesApi.headers')}</Typography.Paragraph>
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={fields}
          data-testid="messages-api-fields"
          columns={[
            { title: t('messagesApi.colField'), dataIndex: 'field', render: (v: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
            { title: t('messagesApi.colType'), dataIndex: 'type' },
            { title: t('messagesApi.colDescription'), dataIndex: 'text' },
          ]}
        />
        <Typography.Paragraph style={{ marginTop: 12 }}>{t('messagesApi.answerText')}</Typography.Paragraph>
        <Code>{'{ "mensagem": "Mensagem enviada", "messageId": 4821, "messageIds": [4821], "ticketId": 377, "contactId": 912, "sendAt": "2026-11-26T12:00:03.000Z" }'}</Code>
        <Typography.Paragraph>{t('messagesApi.errorsText')}</Typography.Paragraph>
        <Code>{'{ "error": "ERR_WAPP_INVALID_CONTACT", "message": "the number is not on WhatsApp", "requestId": "req-1b" }'}</Code>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Trans
            i18nKey="messagesApi.docsLink"
            components={{ docs: <Typography.Link href={`${apiBaseUrl()}/docs`} target="_blank" rel="noreferrer" data-testid="messages-api-docs-link" /> }}
          />
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('messagesApi.textTitle')} data-testid="messages-api-text">
            <Typography.Paragraph>{t('messagesApi.textHelp')}</Typography.Paragraph>
            <Code testId="messages-api-curl-text">{curlText(url)}</Code>
            <Typography.Title level={5}>{t('messagesApi.testTitle')}</Typography.Title>
            <Form form={textForm} layout="vertical" onFinish={(v) => void sendText(v)} data-testid="messages-api-text-form">
              {tokenField('messages-api-text-token')}
              {numberField('messages-api-text-number')}
              <Form.Item name="body" label={t('messagesApi.body')} rules={[required, { whitespace: true, message: t('messagesApi.required') }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4096} data-testid="messages-api-text-body" />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending === 'text'} data-testid="messages-api-text-send">
                {t('messagesApi.send')}
              </Button>
            </Form>
            <Answer outcome={textOutcome} testId="messages-api-text-answer" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('messagesApi.mediaTitle')} data-testid="messages-api-media">
            <Typography.Paragraph>{t('messagesApi.mediaHelp')}</Typography.Paragraph>
            <Code testId="messages-api-curl-media">{curlMedia(url)}</Code>
            <Typography.Title level={5}>{t('messagesApi.testTitle')}</Typography.Title>
            <Form form={mediaForm} layout="vertical" onFinish={(v) => void sendMedia(v)} data-testid="messages-api-media-form">
              {tokenField('messages-api-media-token')}
              {numberField('messages-api-media-number')}
              <Form.Item name="caption" label={t('messagesApi.caption')}>
                <Input maxLength={1024} data-testid="messages-api-media-caption" />
              </Form.Item>
              <Form.Item label={t('messagesApi.file')} required>
                <Upload
                  fileList={files}
                  maxCount={1}
                  beforeUpload={() => false}
                  onChange={({ fileList }) => setFiles(fileList.slice(-1))}
                  data-testid="messages-api-media-file"
                >
                  <Button icon={<UploadOutlined />} data-testid="messages-api-media-pick">
                    {t('messagesApi.pickFile')}
                  </Button>
                </Upload>
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending === 'media'} data-testid="messages-api-media-send">
                {t('messagesApi.send')}
              </Button>
            </Form>
            <Answer outcome={mediaOutcome} testId="messages-api-media-answer" />
          </Card>
        </Col>
      </Row>
    </div>
  );
};
