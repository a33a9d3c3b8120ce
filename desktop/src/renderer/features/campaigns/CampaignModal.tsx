import { useEffect, useState } from 'react';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Modal, Row, Select, Tabs, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MESSAGE_MAX, CAMPAIGN_VARIANTS, isCampaignEditable, type CampaignDto, type WhatsappTemplateDto } from '@balcao/shared';
import { useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { campaignsApi, type CampaignOptions } from './campaigns.api';
import { CampaignTemplateFields, templateBody, templateKey, type TemplateValues } from './CampaignTemplateFields';

type VariantKey = `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`;
export type CampaignValues = {
  name: string;
  confirmation: boolean;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | 'Nenhuma';
  fileListId: number | null;
  scheduledAt: Dayjs | null;
  /** On a Cloud API connection (decision 0451). */
  template?: TemplateValues;
} & Record<VariantKey, string>;

const variants = Array.from({ length: CAMPAIGN_VARIANTS }, (_, i) => i + 1) as (1 | 2 | 3 | 4 | 5)[];

const initial = (c: CampaignDto | null): CampaignValues => ({
  name: c?.name ?? '',
  confirmation: c?.confirmation ?? false,
  whatsappId: c?.whatsappId ?? null,
  contactListId: c?.contactListId ?? null,
  tagListId: c?.tagListId ?? 'Nenhuma',
  fileListId: c?.fileListId ?? null,
  scheduledAt: c?.scheduledAt ? dayjs(c.scheduledAt) : null,
  template: c?.template ? { key: templateKey(c.template), variables: c.template.variables, headerMediaUrl: c.template.headerMediaUrl } : {},
  message1: c?.message1 ?? '',
  message2: c?.message2 ?? '',
  message3: c?.message3 ?? '',
  message4: c?.message4 ?? '',
  message5: c?.message5 ?? '',
  confirmationMessage1: c?.confirmationMessage1 ?? '',
  confirmationMessage2: c?.confirmationMessage2 ?? '',
  confirmationMessage3: c?.confirmationMessage3 ?? '',
  confirmationMessage4: c?.confirmationMessage4 ?? '',
  confirmationMessage5: c?.confirmationMessage5 ?? '',
});

interface Props {
  open: boolean;
  campaign: CampaignDto | null;
  onClose: () => void;
  onSaved: (c: CampaignDto) => void;
}

/**
 * The campaign dialog (administration.md "Campaign", §4, §9): name, confirmation, connection,
 * contact list or tag ('Nenhuma'), file list, scheduledAt, 5 message tabs and (with confirmation)
 * 5 confirmation tabs, the attachment. Read-only unless editable (INATIVA, CANCELADA, or
 * PROGRAMADA more than an hour ahead); its footer stops a running one and restarts a cancelled one.
 */
export const CampaignModal = ({ open, campaign, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<CampaignValues>();
  const { saving, run: runSave } = useFormSave({ form, onClose, success: t('campaigns.saved') });
  const [current, setCurrent] = useState<CampaignDto | null>(campaign);
  const [options, setOptions] = useState<CampaignOptions | null>(null);
  const [variableKeys, setVariableKeys] = useState<string[]>([]);
  const confirmation = Form.useWatch('confirmation', form);
  const whatsappId = Form.useWatch('whatsappId', form);
  const [templates, setTemplates] = useState<WhatsappTemplateDto[]>([]);
  // A Cloud API connection sends the campaign as a template (decision 0451).
  const cloud = options?.whatsapps.find((w) => w.id === whatsappId)?.provider === 'cloud';
  const editable = !current || isCampaignEditable(current);

  useEffect(() => {
    if (!open) return;
    setCurrent(campaign);
    form.setFieldsValue(initial(campaign));
    let alive = true;
    campaignsApi
      .options()
      .then((o) => alive && setOptions(o))
      .catch(toastError);
    campaignsApi
      .settings()
      .then((s) => alive && setVariableKeys(s.variables.map((v) => v.key)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, campaign, form]);

  const bodyOf = ({ template, ...v }: CampaignValues) => ({
    ...v,
    template: cloud ? templateBody(template, templates) : null,
    tagListId: v.tagListId === 'Nenhuma' ? null : v.tagListId,
    scheduledAt: v.scheduledAt ? v.scheduledAt.toISOString() : null,
  });
  const submit = (v: CampaignValues) =>
    runSave(async () => {
      const saved = current ? await campaignsApi.update(current.id, bodyOf(v)) : await campaignsApi.create(bodyOf(v));
      onSaved(saved);
    });
  const run = async (what: 'cancel' | 'restart') => {
    if (!current) return;
    try {
      const saved = what === 'cancel' ? await campaignsApi.cancel(current.id) : await campaignsApi.restart(current.id);
      setCurrent(saved);
      onSaved(saved);
      toast.success(t(what === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
    } catch (err) {
      toastError(err);
    }
  };
  const attach = async (file: File) => {
    if (!current) return;
    try {
      const saved = await campaignsApi.upload(current.id, file);
      setCurrent(saved);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };
  const detach = async () => {
    if (!current) return;
    try {
      const saved = await campaignsApi.removeMedia(current.id);
      setCurrent(saved);
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };

  const opts = (xs: { id: number; name: string }[] | undefined) => (xs ?? []).map((x) => ({ value: x.id, label: x.name }));
  const hint = t('campaigns.variablesHint', { keys: variableKeys.map((k) => `{${k}}`).join(' ') || '—' });
  const variantTabs = (kind: 'message' | 'confirmationMessage') =>
    variants.map((n) => ({
      key: `${kind}${n}`,
      label: t(kind === 'message' ? 'campaigns.message' : 'campaigns.confirmationMessage', { n }),
      forceRender: true,
      children: (
        <Form.Item name={`${kind}${n}`} extra={hint} style={{ marginBottom: 0 }}>
          <Input.TextArea rows={5} maxLength={CAMPAIGN_MESSAGE_MAX} placeholder={t('campaigns.messagePlaceholder')} disabled={!editable} data-testid={`campaign-${kind}${n}`} />
        </Form.Item>
      ),
    }));
  const title = !editable ? t('campaigns.readonlyTitle') : current ? t('campaigns.editTitle') : t('campaigns.addTitle');
  const footer = (
      <Flex gap={8} wrap justify="flex-end">
        {current?.status === 'EM_ANDAMENTO' && (
          <Button danger onClick={() => void run('cancel')} data-testid="campaign-modal-cancel-run">
            {t('campaigns.cancelRun')}
          </Button>
        )}
        {current?.status === 'CANCELADA' && (
          <Button onClick={() => void run('restart')} data-testid="campaign-modal-restart-run">
            {t('campaigns.restartRun')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="campaign-close">
          {t('campaigns.close')}
        </Button>
        {editable && (
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="campaign-save">
            {t(current ? 'campaigns.save' : 'campaigns.create')}
          </Button>
        )}
      </Flex>
  );

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={footer} destroyOnHidden forceRender width={800}>
      {!editable && <Alert type="info" showIcon message={t('campaigns.readonlyHint')} style={{ marginBottom: 12 }} data-testid="campaign-readonly" />}
      <Form<CampaignValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="campaign-form" initialValues={initial(campaign)} disabled={!editable}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('campaigns.name')}
              rules={[
                { required: true, whitespace: true, message: t('campaigns.nameRequired') },
                { min: 2, message: t('campaigns.nameShort') },
                { max: 50, message: t('campaigns.nameLong') },
              ]}
            >
              <Input autoFocus maxLength={50} data-testid="campaign-name" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="confirmation" label={t('campaigns.confirmation')}>
              <Select
                data-testid="campaign-confirmation"
                options={[
                  { value: false, label: t('campaigns.confirmationOff') },
                  { value: true, label: t('campaigns.confirmationOn') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="whatsappId" label={t('campaigns.whatsapp')}>
              <Select data-testid="campaign-whatsapp" allowClear options={opts(options?.whatsapps)} loading={!options} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="contactListId" label={t('campaigns.contactList')}>
              <Select data-testid="campaign-contact-list" allowClear showSearch optionFilterProp="label" options={opts(options?.contactLists)} loading={!options} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="tagListId" label={t('campaigns.tagList')}>
              <Select data-testid="campaign-tag" showSearch optionFilterProp="label" options={[{ value: 'Nenhuma', label: t('campaigns.none') }, ...opts(options?.tags)]} loading={!options} />
            </Form.Item>
          </Col>
          {/* On Cloud, before the customer answers only the template goes (decision 0451): no files then. */}
          {!(cloud && !confirmation) && (
            <Col xs={24} sm={8}>
              <Form.Item name="fileListId" label={t('campaigns.fileList')}>
                <Select data-testid="campaign-file-list" allowClear options={opts(options?.fileLists)} loading={!options} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="scheduledAt" label={t('campaigns.scheduledAt')}>
              <DatePicker showTime format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} data-testid="campaign-scheduled-at" />
            </Form.Item>
          </Col>
          {!(cloud && !confirmation) && (
            <Col xs={24} sm={12}>
              <Form.Item label={t('campaigns.media')}>
                {!current ? (
                  <Typography.Text type="secondary">{t('campaigns.mediaAfterSave')}</Typography.Text>
                ) : current.mediaName ? (
                  <Flex gap={8} align="center">
                    <PaperClipOutlined />
                    <Typography.Text ellipsis style={{ maxWidth: 220 }} data-testid="campaign-media-name">
                      {current.mediaName}
                    </Typography.Text>
                    {editable && <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('campaigns.removeMedia')} onClick={() => void detach()} data-testid="campaign-media-remove" />}
                  </Flex>
                ) : (
                  <Upload showUploadList={false} beforeUpload={(f) => (void attach(f), false)} disabled={!editable}>
                    <Button icon={<PaperClipOutlined />} data-testid="campaign-attach">
                      {t('campaigns.attach')}
                    </Button>
                  </Upload>
                )}
              </Form.Item>
            </Col>
          )}
        </Row>
        {cloud && whatsappId != null && <CampaignTemplateFields whatsappId={whatsappId} form={form} confirmation={!!confirmation} disabled={!editable} onTemplates={setTemplates} />}
        {/* On Cloud the template is the first message: the confirmation request, else the message itself. */}
        {(!cloud || confirmation) && <Tabs size="small" items={variantTabs('message')} data-testid="campaign-message-tabs" />}
        {confirmation && !cloud && <Tabs size="small" items={variantTabs('confirmationMessage')} data-testid="campaign-confirmation-tabs" />}
        <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
