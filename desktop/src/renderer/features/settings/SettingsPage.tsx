import { useEffect, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadingRows, PageCard } from '../../components/PageCard';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { bindSettingsSocket } from './settings.socket';
import { useSettings } from './settings.store';
import { settingsTabs, type SettingsTabContext } from './tabs';

/** /settings: the company's options, hours and audit trail (admins), live across admins. */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const settings = useSettings((s) => s.settings);
  const loaded = useSettings((s) => s.loaded);
  const [active, setActive] = useState('options');

  useEffect(() => bindSettingsSocket(), []);
  useEffect(() => {
    useSettings.getState().load().catch(toastError);
    return () => useSettings.getState().reset();
  }, []);

  const ctx: SettingsTabContext = useMemo(
    () => ({ isAdmin: user?.profile === 'admin', isSuper: !!user?.super, companyId: user?.companyId ?? 0, settings }),
    [user, settings],
  );
  const tabs = settingsTabs.filter((tab) => tab.visible(ctx));
  // A tab that disappears (scheduleType changed away from company) leaves its place to 'Opções'.
  const current = tabs.some((tab) => tab.key === active) ? active : 'options';

  return (
    <PageCard title={t('settingsPage.title')}>
      {!loaded ? (
        <LoadingRows testId="settings-skeleton" rows={6} />
      ) : (
        <Tabs
          data-testid="settings-tabs"
          activeKey={current}
          onChange={setActive}
          destroyOnHidden
          items={tabs.map((tab) => ({ key: tab.key, label: <span data-testid={`settings-tab-${tab.key}`}>{tab.label(t)}</span>, children: <tab.Component ctx={ctx} /> }))}
        />
      )}
    </PageCard>
  );
};
