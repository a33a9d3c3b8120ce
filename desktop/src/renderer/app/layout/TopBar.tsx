import { useCallback, useState } from 'react';
import { Button, Dropdown, Flex, Tooltip, Typography, type MenuProps } from 'antd';
import { CloudServerOutlined, ExperimentOutlined, GlobalOutlined, MenuOutlined, MoonOutlined, ReloadOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NO_DUE_DATE } from '@balcao/shared';
import { AnnouncementsPopover } from '../../features/announcements';
import { logout } from '../../features/auth';
import { ChatsPopover } from '../../features/chats';
import { useCompany } from '../../features/company';
import { useConnections } from '../../features/connections';
import { NotificationsPopover, useNotificationsFeed, VolumePopover } from '../../features/notifications';
import { PresenceToggle } from '../../features/presence';
import { ProfileModal } from '../../features/profile';
import { formatDueDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { getPlatform } from '../../platform/platform';
import { languages, setLanguage, type Language } from '../i18n/i18n';
import { useTheme } from '../theme.store';

const languageNames: Record<Language, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };

export const TopBar = ({ onToggleMenu, compact }: { onToggleMenu: () => void; compact: boolean }) => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { mode, toggle } = useTheme();
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const closeProfile = useCallback(() => setProfileOpen(false), []);
  useNotificationsFeed(user);
  // Issue 10 item 9: the Simulador one click away for admins while a sandbox connection exists.
  const hasSandbox = useConnections((s) => s.list.some((w) => w.provider === 'sandbox'));
  // The internal chat (plan useInternalChat): its popover also feeds the menu's dot.
  const chatEnabled = useCompany((s) => s.ready && s.flags.useInternalChat);
  if (!user) return null;

  // Spec §2: on small screens names over 10 characters are truncated.
  const shorten = (s: string) => (compact && s.length > 10 ? `${s.slice(0, 10)}…` : s);
  const languageItems: MenuProps['items'] = languages.map((lng) => ({ key: lng, label: languageNames[lng] }));
  const profileItems: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('topbar.profile') },
    { key: 'language', icon: <GlobalOutlined />, label: t('header.language'), children: languageItems },
    // The desktop app's server and app preferences (issue 16); a browser is served by its server.
    ...(getPlatform().isDesktop ? [{ key: 'server', icon: <CloudServerOutlined />, label: t('desktopApp.server.menu') }] : []),
    { type: 'divider' },
    { key: 'logout', label: t('menu.logout'), danger: true },
  ];
  const onProfileClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') setProfileOpen(true);
    else if (key === 'server') navigate('/server');
    else if (key === 'logout') void logout();
    else if ((languages as readonly string[]).includes(key)) setLanguage(key as Language);
  };

  return (
    <Flex align="center" gap={8} style={{ height: '100%' }}>
      <Button type="text" icon={<MenuOutlined />} onClick={onToggleMenu} aria-label="menu" />
      <Flex vertical style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
        <Typography.Text strong ellipsis data-testid="greeting">
          {t('header.greeting', { name: shorten(user.name), company: shorten(user.company.name) })}
        </Typography.Text>
        {/* A company that never expires carries NO_DUE_DATE: nothing to announce. */}
        {user.profile === 'admin' && user.company.dueDate !== NO_DUE_DATE && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('header.activeUntil', { date: formatDueDate(user.company.dueDate) })}
          </Typography.Text>
        )}
      </Flex>
      {user.profile === 'admin' && hasSandbox && (
        <Tooltip title={t('topbar.simulator')}>
          <Button type="text" icon={<ExperimentOutlined />} aria-label={t('topbar.simulator')} onClick={() => void navigate('/simulator')} data-testid="simulator-button" />
        </Tooltip>
      )}
      <PresenceToggle />
      <NotificationsPopover />
      <ChatsPopover enabled={chatEnabled} />
      <AnnouncementsPopover />
      <VolumePopover />
      <Tooltip title={mode === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}>
        <Button type="text" icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={toggle} data-testid="theme-toggle" />
      </Tooltip>
      {/* 390 px: the bell, volume, theme and profile come first; the browser reloads by itself. */}
      {!compact && (
        <Tooltip title={t('header.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} onClick={() => window.location.reload()} />
        </Tooltip>
      )}
      <Dropdown menu={{ items: profileItems, onClick: onProfileClick }} trigger={['click']}>
        <Button type="text" icon={<UserOutlined />} data-testid="profile-menu" />
      </Dropdown>
      <ProfileModal open={profileOpen} onClose={closeProfile} />
    </Flex>
  );
};
