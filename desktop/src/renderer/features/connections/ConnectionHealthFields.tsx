import { Col, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UpdateWhatsappBody } from '@balcao/shared';
import { gateFields } from './connections.form';

const label = { gateRatePerMinute: 'ratePerMinute', gateDailyCap: 'dailyCap', gateWarmupDays: 'warmupDays', gateJitterMs: 'jitterMs' } as const;
/** The bounds the server enforces (shared schema). */
const max = Object.fromEntries(gateFields.map((k) => [k, UpdateWhatsappBody.shape[k].unwrap().maxValue ?? undefined])) as Record<(typeof gateFields)[number], number | undefined>;

/** The connection dialog's "Saúde do número" section (issue 13 §6): the gate's rate, daily cap, warm-up and jitter. */
export const ConnectionHealthFields = () => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="connection-health-title" data-testid="connection-health">
      <Typography.Title level={5} id="connection-health-title" style={{ marginTop: 4, marginBottom: 0 }}>
        {t('numberHealth.section')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('numberHealth.help')}
      </Typography.Paragraph>
      <Row gutter={12}>
        {gateFields.map((k) => (
          <Col xs={12} sm={6} key={k}>
            <Form.Item name={k} label={t(`numberHealth.${label[k]}`)}>
              <InputNumber min={0} max={max[k]} precision={0} style={{ width: '100%' }} data-testid={`connection-${k}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </section>
  );
};
