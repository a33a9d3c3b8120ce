import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canonicalServerUrl } from '../../../common/ipc-schemas';
import type { PrefKey, ServerCheck } from '../../../common/bridge';
import { clearSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { getPlatform } from '../../platform/platform';

type AppPrefKey = Extract<PrefKey, 'closeToTray' | 'minimizeToTray' | 'openAtLogin' | 'doNotDisturb'>;
const APP_PREFS: readonly AppPrefKey[] = ['closeToTray', 'minimizeToTray', 'openAtLogin', 'doNotDisturb'];

/** The desktop app's own switches (tray, login item, do not disturb), kept by main. */
const AppPrefs = () => {
  const { t } = useTranslation();
  const [values, setValues] = useState<Partial<Record<AppPrefKey, boolean>> | null>(null);
  useEffect(() => {
    const platform = getPlatform();
    let alive = true;
    Promise.all(APP_PREFS.map((key) => platform.getPref(key))).then(
      (read) => alive && setValues(Object.fromEntries(APP_PREFS.map((key, i) => [key, read[i]]))),
      () => alive && setValues({}),
    );
    return () => {
      alive = false;
    };
  }, []);
  const change = (key: AppPrefKey, value: boolean) => {
    setValues((old) => ({ ...old, [key]: value }));
    getPlatform()
      .setPref(key, value)
      .catch(() => {
        setValues((old) => ({ ...old, [key]: !value }));
        toast.error(t('desktopApp.prefs.saveFailed'));
      });
  };
  return (
    <Card size="small" title={t('desktopApp.prefs.title')} loading={values === null}>
      <Flex vertical gap={12}>
        {APP_PREFS.map((key) => (
          <Flex key={key} align="center" justify="space-between" gap={12}>
            <label htmlFor={`desktop-pref-${key}`}>{t(`desktopApp.prefs.${key}`)}</label>
            <Switch id={`desktop-pref-${key}`} data-testid={`desktop-pref-${key}`} checked={values?.[key] ?? false} onChange={(v) => change(key, v)} />
          </Flex>
        ))}
      </Flex>
    </Card>
  );
};

export interface ServerPageProps {
  /** The server in use, or null on the app's first run. */
  current: string | null;
  /** Leave without changing anything (absent on the first run: there is nowhere to go back to). */
  onBack?: () => void;
}

/**
 * "Servidor": the desktop app's server address, checked with `GET /version` (through main,
 * so no CORS and no page involved) before it can be kept. Keeping another server ends the
 * session (its token belongs to the old one); main then reloads the app on the new server.
 */
export const ServerPage = ({ current, onBack }: ServerPageProps) => {
  const { t } = useTranslation();
  const [address, setAddress] = useState(current ?? '');
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<ServerCheck | 'invalid' | null>(null);
  const canonical = canonicalServerUrl(address.trim());
  const verified = result !== null && result !== 'invalid' && result.ok && result.url === canonical;

  const check = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canonical) {
      setResult('invalid');
      return;
    }
    setChecking(true);
    try {
      setResult(await getPlatform().checkServer(canonical));
    } catch {
      setResult({ ok: false, url: canonical, reason: 'unreachable' });
    } finally {
      setChecking(false);
    }
  };

  const save = async () => {
    if (!verified || !canonical) return;
    setSaving(true);
    try {
      if (canonical !== current) clearSession();
      // Main keeps it and reloads the app: this page goes away.
      await getPlatform().setServer(canonical);
    } catch {
      toast.error(t('desktopApp.server.saveFailed'));
      setSaving(false);
    }
  };

  const message = (() => {
    if (result === null) return null;
    if (result === 'invalid') return <Alert type="warning" showIcon title={t('desktopApp.server.invalid')} data-testid="server-result" />;
    if (result.ok) return <Alert type="success" showIcon title={t('desktopApp.server.found', { version: result.version, url: result.url })} data-testid="server-result" />;
    return <Alert type="error" showIcon title={t(`desktopApp.server.${result.reason}`, { url: result.url })} data-testid="server-result" />;
  })();

  return (
    <Flex justify="center" style={{ minHeight: '100%', padding: 16, overflow: 'auto' }}>
      <Flex vertical gap={16} style={{ width: '100%', maxWidth: 520, marginTop: '8vh' }}>
        <Card>
          <Flex vertical gap={12}>
            <Flex align="center" gap={8}>
              {onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('desktopApp.server.back')} data-testid="server-back" />}
              <CloudServerOutlined style={{ fontSize: 22 }} />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('desktopApp.server.title')}
              </Typography.Title>
            </Flex>
            <Typography.Text type="secondary">{t('desktopApp.server.intro')}</Typography.Text>
            {current && <Typography.Text data-testid="server-current">{t('desktopApp.server.current', { url: current })}</Typography.Text>}
            <Form layout="vertical" component="div">
              <Form.Item label={t('desktopApp.server.label')} htmlFor="server-address" style={{ marginBottom: 12 }}>
                <Input
                  id="server-address"
                  data-testid="server-address"
                  value={address}
                  autoFocus
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  placeholder={t('desktopApp.server.placeholder')}
                  onChange={(e) => {
                    setAddress(e.target.value);
                    setResult(null);
                  }}
                  onPressEnter={() => void (verified ? save() : check())}
                />
              </Form.Item>
            </Form>
            {message}
            <Flex gap={8} wrap justify="flex-end">
              <Button onClick={() => void check()} loading={checking} disabled={saving || address.trim() === ''} data-testid="server-check">
                {t('desktopApp.server.check')}
              </Button>
              <Button type="primary" onClick={() => void save()} loading={saving} disabled={!verified} data-testid="server-save">
                {t('desktopApp.server.save')}
              </Button>
            </Flex>
          </Flex>
        </Card>
        {current && <AppPrefs />}
      </Flex>
    </Flex>
  );
};
