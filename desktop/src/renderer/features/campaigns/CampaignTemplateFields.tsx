import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Typography, theme, type FormInstance } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderTemplate, type WhatsappTemplateDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { campaignsApi } from './campaigns.api';

export const templateKey = (t: Pick<WhatsappTemplateDto, 'name' | 'language'>) => `${t.name}|${t.language}`;
const MEDIA = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/** The form's template values: the chosen template's key, a campaign text per placeholder, a media header's link. */
export interface TemplateValues {
  key?: string;
  variables?: string[];
  headerMediaUrl?: string;
}

/** The body's `template` from the form's values and the connection's list (null: none chosen). */
export const templateBody = (v: TemplateValues | undefined, templates: WhatsappTemplateDto[]) => {
  const t = templates.find((x) => templateKey(x) === v?.key);
  if (!t) return null;
  const url = v?.headerMediaUrl?.trim();
  return { name: t.name, language: t.language, variables: t.params.map((_, i) => (v?.variables?.[i] ?? '').trim()), ...(url ? { headerMediaUrl: url } : {}) };
};

interface Props {
  whatsappId: number;
  form: FormInstance;
  confirmation: boolean;
  disabled: boolean;
  onTemplates: (ts: WhatsappTemplateDto[]) => void;
}

/**
 * A campaign on a Cloud API connection (issue 29 §3; decision 0451): it goes as one of the
 * connection's approved templates, each placeholder filled by a campaign text (`{nome}`, the
 * company's variables), previewed as the customer will read it before the contact's facts.
 */
export const CampaignTemplateFields = ({ whatsappId, form, confirmation, disabled, onTemplates }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [templates, setTemplates] = useState<WhatsappTemplateDto[] | null>(null);
  const values = Form.useWatch('template', form) as TemplateValues | undefined;

  const load = (refresh = false) => {
    setTemplates(null);
    campaignsApi.templates(whatsappId, refresh).then(
      (r) => {
        const approved = r.templates.filter((x) => x.status === 'APPROVED');
        setTemplates(approved);
        onTemplates(approved);
      },
      (err: unknown) => {
        toastError(err);
        setTemplates([]);
      },
    );
  };
  useEffect(() => load(), [whatsappId]);

  const template = templates?.find((x) => templateKey(x) === values?.key);
  const needsMedia = !!template?.header && MEDIA.has(template.header.format);

  return (
    <div data-testid="campaign-template" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '12px 12px 0', marginBottom: 16 }}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t(confirmation ? 'campaigns.cloudTemplateConfirmation' : 'campaigns.cloudTemplateHint')} />
      <Form.Item label={t('templates.template')} required>
        <Flex gap={8}>
          <Form.Item name={['template', 'key']} noStyle rules={[{ required: true, message: t('campaigns.templateRequired') }]}>
            <Select
              showSearch
              placeholder={t('templates.pick')}
              loading={templates === null}
              notFoundContent={templates?.length === 0 ? t('templates.none') : undefined}
              options={(templates ?? []).map((x) => ({ value: templateKey(x), label: `${x.name} · ${x.language}` }))}
              onChange={() => form.setFieldValue(['template', 'variables'], [])}
              data-testid="campaign-template-select"
              aria-label={t('templates.template')}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Form.Item>
          <Button icon={<ReloadOutlined />} onClick={() => load(true)} disabled={disabled} aria-label={t('templates.refresh')} title={t('templates.refresh')} />
        </Flex>
      </Form.Item>
      {needsMedia && (
        <Form.Item name={['template', 'headerMediaUrl']} label={t('templates.headerMedia')} rules={[{ required: true, pattern: /^https:\/\/\S+$/, message: t('campaigns.templateMediaUrl') }]}>
          <Input inputMode="url" data-testid="campaign-template-header-url" />
        </Form.Item>
      )}
      {template?.params.map((p, i) => (
        <Form.Item
          key={`${template.name}-${p.part}-${p.name}`}
          name={['template', 'variables', i]}
          label={t(p.part === 'header' ? 'templates.headerVariable' : 'templates.bodyVariable', { name: p.name })}
          rules={[{ required: true, whitespace: true, message: t('campaigns.templateVariableRequired') }]}
        >
          <Input maxLength={1024} placeholder="{nome}" data-testid={`campaign-template-var-${i}`} />
        </Form.Item>
      ))}
      {template && (
        <Form.Item label={t('templates.preview')}>
          <Typography.Paragraph
            data-testid="campaign-template-preview"
            style={{ whiteSpace: 'pre-wrap', margin: 0, padding: '8px 12px', borderRadius: token.borderRadiusLG, background: token.colorFillTertiary, overflowWrap: 'anywhere' }}
          >
            {renderTemplate(template, values?.variables ?? [])}
          </Typography.Paragraph>
        </Form.Item>
      )}
    </div>
  );
};
