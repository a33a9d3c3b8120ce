import { useEffect, useState } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CSAT_TEMPLATE_LANGUAGE, CSAT_TEMPLATE_NAME } from '@balcao/shared';
import { useSettings } from '../settings.store';

/**
 * The satisfaction survey's Cloud API template for when the customer's 24-hour window has closed
 * (decision 0430): its name and language, each saved when the field is left or Enter is pressed.
 * An emptied name is `none` (no survey outside the window). Shown while the survey is enabled.
 */
export const CsatTemplateFields = ({ saving, save }: { saving: string | null; save: (key: string, value: string) => Promise<boolean> }) => {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const stored = settings.csatTemplate?.value ?? 'none';
  const storedLanguage = settings.csatTemplateLanguage?.value ?? 'pt_BR';
  const [name, setName] = useState(stored === 'none' ? '' : stored);
  const [language, setLanguage] = useState(storedLanguage);
  useEffect(() => setName(stored === 'none' ? '' : stored), [stored]);
  useEffect(() => setLanguage(storedLanguage), [storedLanguage]);

  const value = name.trim() || 'none';
  const nameOk = CSAT_TEMPLATE_NAME.test(value);
  const languageOk = CSAT_TEMPLATE_LANGUAGE.test(language.trim());
  const saveName = () => void (nameOk && value !== stored ? save('csatTemplate', value) : undefined);
  const saveLanguage = () => void (languageOk && language.trim() !== storedLanguage ? save('csatTemplateLanguage', language.trim()) : undefined);

  return (
    <Row gutter={16}>
      <Col xs={24} sm={16}>
        <Form.Item label={t('settingsPage.csatTemplate.label')} extra={t('settingsPage.csatTemplate.help')} validateStatus={nameOk ? undefined : 'error'}>
          <Input value={name} onChange={(e) => setName(e.target.value)} onBlur={saveName} onPressEnter={saveName} disabled={saving === 'csatTemplate'} placeholder="avaliacao_atendimento" aria-label={t('settingsPage.csatTemplate.label')} data-testid="setting-csatTemplate" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label={t('settingsPage.csatTemplate.language')} validateStatus={languageOk ? undefined : 'error'}>
          <Input value={language} onChange={(e) => setLanguage(e.target.value)} onBlur={saveLanguage} onPressEnter={saveLanguage} disabled={saving === 'csatTemplateLanguage'} placeholder="pt_BR" aria-label={t('settingsPage.csatTemplate.language')} data-testid="setting-csatTemplateLanguage" />
        </Form.Item>
      </Col>
    </Row>
  );
};
