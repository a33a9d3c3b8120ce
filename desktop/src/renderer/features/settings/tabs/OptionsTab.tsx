import { useState } from 'react';
import { Button, Col, Divider, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IntegrationSettingKey } from '@balcao/shared';
import { toastError } from '../../../lib/reportError';
import { toast } from '../../../lib/toast';
import { settingsApi } from '../settings.api';
import { companyOptions, integrationGroups, platformOptions, timeZones, type OptionField } from '../settings.logic';
import { useSettings } from '../settings.store';
import { CsatTemplateFields } from './CsatTemplateFields';
import type { SettingsTab, SettingsTabContext } from './types';

const LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** Saves one setting on change (the spec's page has no save button) and says so. */
const useSave = () => {
  const { t } = useTranslation();
  const [saving, setSaving] = useState<string | null>(null);
  const save = async (key: string, value: string): Promise<boolean> => {
    setSaving(key);
    try {
      useSettings.getState().apply(await settingsApi.update(key, value));
      toast.success(t('settingsPage.saved'));
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSaving(null);
    }
  };
  return { saving, save };
};

const col = { xs: 24, sm: 12, lg: 8 } as const;

/** An integration key: never shown; the placeholder says whether one is set; typing replaces it. */
const SecretField = ({ name, configured, saving, onSave }: { name: IntegrationSettingKey; configured: boolean; saving: boolean; onSave: (v: string) => Promise<boolean> }) => {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = async () => {
    if (value.trim() && (await onSave(value.trim()))) setValue('');
  };
  return (
    <Form.Item label={t(`settingsPage.integrations.${name}`)}>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password
          autoComplete="new-password"
          visibilityToggle={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => void submit()}
          placeholder={configured ? t('settingsPage.integrations.configured') : t('settingsPage.integrations.notConfigured')}
          aria-label={t(`settingsPage.integrations.${name}`)}
          data-testid={`setting-secret-${name}`}
          data-configured={configured}
        />
        <Button onClick={() => void submit()} loading={saving} disabled={!value.trim()} data-testid={`setting-secret-save-${name}`}>
          {t('settingsPage.integrations.save')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
};

const OptionsPane = ({ ctx }: { ctx: SettingsTabContext }) => {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const { saving, save } = useSave();
  const choice = (f: OptionField) => {
    const label = t(`settingsPage.options.${f.key}.label` as 'settingsPage.options.userRating.label');
    return (
      <Col {...col} key={f.key}>
        <Form.Item label={label}>
          <Select
            aria-label={label}
            data-testid={`setting-${f.key}`}
            value={settings[f.key]?.value}
            loading={saving === f.key}
            disabled={saving === f.key}
            onChange={(v: string) => void save(f.key, v)}
            options={f.choices.map((c) => ({ value: c, label: f.key === 'trial' ? c : t(`settingsPage.options.${f.key}.${c}` as 'settingsPage.options.userRating.enabled') }))}
          />
        </Form.Item>
      </Col>
    );
  };
  const zone = settings.timezone?.value ?? '';
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        {companyOptions.map(choice)}
        <Col {...col}>
          <Form.Item label={t('settingsPage.timezone')}>
            <Select
              showSearch
              // "sao paulo" and "Sao_Paulo" both find it.
              filterOption={(input, o) => `${o?.value ?? ''} ${String(o?.label ?? '')}`.toLowerCase().includes(input.toLowerCase())}
              aria-label={t('settingsPage.timezone')}
              data-testid="setting-timezone"
              value={zone || undefined}
              loading={saving === 'timezone'}
              onChange={(v: string) => void save('timezone', v)}
              options={timeZones(zone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item label={t('settingsPage.language')}>
            <Select
              aria-label={t('settingsPage.language')}
              data-testid="setting-language"
              value={settings.language?.value ?? 'pt-BR'}
              loading={saving === 'language'}
              onChange={(v: string) => void save('language', v)}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`settingsPage.languages.${l}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {settings.csat?.value === 'enabled' ? <CsatTemplateFields saving={saving} save={save} /> : null}
      {ctx.isSuper ? (
        <>
          <Divider titlePlacement="start">{t('settingsPage.platform')}</Divider>
          <Row gutter={16}>{platformOptions.map(choice)}</Row>
          <Divider titlePlacement="start">{t('settingsPage.integrations.title')}</Divider>
          {integrationGroups.map((g) => (
            <div key={g.title}>
              <Typography.Text strong>{t(`settingsPage.integrations.groups.${g.title}`)}</Typography.Text>
              <Row gutter={16} style={{ marginTop: 8 }}>
                {g.keys.map((key) => (
                  <Col {...col} key={key}>
                    <SecretField name={key} configured={!!settings[key]?.configured} saving={saving === key} onSave={(v) => save(key, v)} />
                  </Col>
                ))}
              </Row>
            </div>
          ))}
        </>
      ) : null}
    </Form>
  );
};

export const optionsTab: SettingsTab = {
  key: 'options',
  label: (t) => t('settingsPage.tabs.options'),
  visible: () => true,
  Component: OptionsPane,
};
