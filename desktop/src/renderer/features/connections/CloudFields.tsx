import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Row, Typography, theme, type FormInstance } from 'antd';
import { ApiOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CloudConnectionBody, msg, type CloudTestResponse, type WhatsappDto } from '@balcao/shared';
import { apiBaseUrl } from '../../lib/apiBase';
import { toastError } from '../../lib/reportError';
import { zodRule } from '../../lib/zodRule';
import { CloudQualityTag } from './CloudQualityTag';
import { connectionsApi } from './connections.api';
import { newVerifyToken, type FormValues } from './connections.form';

/** Meta's webhook for every company's numbers (decision 0372): the verify token says which connection. */
export const cloudWebhookUrl = (): string => `${apiBaseUrl()}/channels/whatsapp-cloud/webhook`;

const shape = CloudConnectionBody.shape;
const secrets = ['accessToken', 'appSecret'] as const;
const setFlag = { accessToken: 'accessTokenSet', appSecret: 'appSecretSet' } as const;

/**
 * A Cloud API connection's facts in the connection dialog (issue 29 §1): the number's and the
 * account's ids, the token and app secret (never shown back: blank keeps them), the verify token,
 * what to paste into Meta's console, and the "test" of a saved connection's token.
 */
export const CloudFields = ({ connection, form }: { connection: WhatsappDto | null; form: FormInstance<FormValues> }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [test, setTest] = useState<CloudTestResponse | 'running' | null>(null);
  const verifyToken = Form.useWatch(['cloud', 'verifyToken'], form) ?? '';
  // Stored facts exist only once the connection was saved as a Cloud one.
  const saved = connection?.provider === 'cloud' ? connection.cloud : undefined;
  /** Blank: kept when stored (`set`), else the spec's 'Required'; otherwise the shared schema's rule. */
  const required = (set: boolean | undefined, rule: ReturnType<typeof zodRule>) => ({
    validator: async (r: unknown, value: unknown) => {
      if (!String(value ?? '').trim()) {
        if (set) return;
        throw new Error(msg.required);
      }
      await rule.validator(r, value);
    },
  });

  const runTest = async () => {
    if (!connection) return;
    setTest('running');
    try {
      setTest(await connectionsApi.testCloud(connection.id));
    } catch (err) {
      toastError(err);
      setTest(null);
    }
  };

  return (
    <div data-testid="connection-cloud" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '12px 12px 0', marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('connections.cloud.section')}
      </Typography.Title>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['cloud', 'phoneNumberId']} label={t('connections.cloud.phoneNumberId')} rules={[required(false, zodRule(shape.phoneNumberId))]}>
            <Input inputMode="numeric" autoComplete="off" data-testid="cloud-phoneNumberId" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['cloud', 'wabaId']} label={t('connections.cloud.wabaId')} rules={[required(false, zodRule(shape.wabaId))]}>
            <Input inputMode="numeric" autoComplete="off" data-testid="cloud-wabaId" />
          </Form.Item>
        </Col>
        {secrets.map((k) => (
          <Col xs={24} sm={12} key={k}>
            <Form.Item
              name={['cloud', k]}
              label={t(`connections.cloud.${k}`)}
              extra={saved?.[setFlag[k]] ? t('connections.cloud.secretKept') : undefined}
              rules={[required(saved?.[setFlag[k]], zodRule(shape[k]))]}
            >
              <Input.Password autoComplete="new-password" data-testid={`cloud-${k}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item
        name={['cloud', 'verifyToken']}
        label={t('connections.cloud.verifyToken')}
        rules={[required(saved?.verifyTokenSet, zodRule(shape.verifyToken))]}
      >
        <Input
          autoComplete="off"
          data-testid="cloud-verifyToken"
          placeholder={saved?.verifyTokenSet ? t('connections.cloud.verifyKept') : undefined}
          suffix={<Button type="text" size="small" icon={<ReloadOutlined />} aria-label={t('connections.cloud.newVerifyToken')} title={t('connections.cloud.newVerifyToken')} onClick={() => form.setFieldValue(['cloud', 'verifyToken'], newVerifyToken())} />}
        />
      </Form.Item>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        message={t('connections.cloud.webhook')}
        description={
          <Flex vertical gap={4} data-testid="cloud-webhook">
            <span>
              {t('connections.cloud.webhookUrl')}:{' '}
              <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }} data-testid="cloud-webhook-url">
                {cloudWebhookUrl()}
              </Typography.Text>
            </span>
            <span>
              {t('connections.cloud.verifyToken')}:{' '}
              {verifyToken.trim() ? (
                <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }} data-testid="cloud-webhook-verify">
                  {verifyToken.trim()}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('connections.cloud.verifyKept')}</Typography.Text>
              )}
            </span>
          </Flex>
        }
      />
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Button icon={<ApiOutlined />} onClick={() => void runTest()} disabled={!saved} loading={test === 'running'} data-testid="cloud-test">
          {t('connections.cloud.test')}
        </Button>
        {!saved && <Typography.Text type="secondary">{t('connections.cloud.testSaveFirst')}</Typography.Text>}
        {/* What Meta said last (decision 0450): the test's own answer once it ran. */}
        <CloudQualityTag cloud={test && test !== 'running' && test.ok ? { qualityRating: test.qualityRating ?? '', messagingLimit: test.messagingLimit ?? '', checkedAt: new Date().toISOString() } : saved} />
      </Flex>
      {test && test !== 'running' && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={test.ok ? 'success' : 'error'}
          data-testid="cloud-test-result"
          message={
            test.ok
              ? t('connections.cloud.testOk', { number: test.displayPhoneNumber, name: test.verifiedName, quality: test.qualityRating, interpolation: { escapeValue: false } })
              : t('connections.cloud.testFailed', { error: `${test.errorCode ? `(${test.errorCode}) ` : ''}${test.error ?? ''}`, interpolation: { escapeValue: false } })
          }
        />
      )}
    </div>
  );
};
