import { useEffect, useMemo, useState } from 'react';
import { Menu, Typography, type MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasCampaignsFlag, logout } from '../../features/auth';
import { useCompany } from '../../features/company';
import { ChatsMenuBadge } from '../../features/chats';
import { ConnectionsBadge } from '../../features/connections';
import { useFavicon } from '../../features/logos';
import { useSession } from '../../lib/session';
import { getPlatform } from '../../platform/platform';
import { buildMenu } from './menuItems';

const LOGOUT_KEY = '__logout';

const useAppVersion = (): string => {
  const [version, setVersion] = useState('');
  useEffect(() => {
    getPlatform().getVersion().then(setVersion, () => undefined);
  }, []);
  return version;
};

/** The longest menu path that prefixes the current location is the selected item. */
const selectedKey = (paths: string[], pathname: string): string[] => {
  const match = paths
    .filter((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];
  return match ? [match] : [];
};

export const SideMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const flags = useCompany((s) => s.flags);
  const version = useAppVersion();
  useFavicon();

  const groups = useMemo(
    () => (user ? buildMenu({ profile: user.profile, isSuper: user.super, flags, campaignsFlag: hasCampaignsFlag() }) : []),
    [user, flags],
  );

  const items: MenuProps['items'] = [
    ...groups.map((g) => ({
      type: 'group' as const,
      key: g.key,
      label: t(`menu.${g.label}`),
      children: g.entries.map((e) => ({
        key: e.path,
        icon: e.icon,
        label:
          e.path === '/connections' ? (
            <ConnectionsBadge>{t(`menu.${e.label}`)}</ConnectionsBadge>
          ) : e.path === '/chats' ? (
            <ChatsMenuBadge>{t(`menu.${e.label}`)}</ChatsMenuBadge>
          ) : (
            t(`menu.${e.label}`)
          ),
      })),
    })),
    { type: 'divider' as const },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: t('menu.logout'), danger: true },
  ];
  const paths = groups.flatMap((g) => g.entries.map((e) => e.path));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === LOGOUT_KEY) void logout();
    else navigate(key);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selectedKey(paths, pathname)}
        onClick={onClick}
        style={{ flex: 1, overflowY: 'auto', borderInlineEnd: 'none' }}
      />
      {version && (
        <Typography.Text type="secondary" style={{ padding: '8px 16px', fontSize: 12 }}>
          {t('common.version', { version })}
        </Typography.Text>
      )}
    </div>
  );
};
