import { Suspense, useState } from 'react';
import { Drawer, Layout, theme } from 'antd';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useDesktopNotifications } from '../../features/desktop-notify';
import { useOutboxSync } from '../../features/messages';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { usePlatformBridge, useRealtime, useTicketViewer } from '../useShellEffects';
import { OfflineBanner } from './OfflineBanner';
import { SideMenu } from './SideMenu';
import { Logo } from '../../features/logos';
import { TopBar } from './TopBar';

const SIDER_WIDTH = 240;

export const AppShell = () => {
  const user = useSession((s) => s.user);
  // Spec §2: the drawer is open by default above 1200 px; below 600 px is the mobile layout.
  const wide = useMediaQuery('(min-width: 1200px)');
  const mobile = useMediaQuery('(max-width: 599px)');
  const [menuOpen, setMenuOpen] = useState(wide);
  // Crossing a breakpoint (a resized window, a rotated phone) resets the menu to that layout's
  // default: a drawer left open from the wide layout would cover the narrow page.
  const [layoutSeen, setLayoutSeen] = useState({ wide, mobile });
  if (layoutSeen.wide !== wide || layoutSeen.mobile !== mobile) {
    setLayoutSeen({ wide, mobile });
    setMenuOpen(wide);
  }
  const { token } = theme.useToken();

  useTicketViewer(user);
  useRealtime(user?.id, user?.companyId);
  usePlatformBridge();
  useDesktopNotifications();
  useOutboxSync(user?.id, user?.companyId);

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
    <OfflineBanner />
    <Layout style={{ flex: 1, minHeight: 0 }}>
      {mobile ? (
        <Drawer placement="left" open={menuOpen} onClose={() => setMenuOpen(false)} width={SIDER_WIDTH} styles={{ body: { padding: 0 } }} title={<Logo dest="interno" height={32} />}>
          <SideMenu />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={0}
          collapsed={!menuOpen}
          trigger={null}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '0 20px', fontWeight: 700, fontSize: 20, color: token.colorPrimary }}>
            <Logo dest="interno" height={40} testId="drawer-logo" />
          </div>
          <div style={{ height: 'calc(100% - 56px)' }}>
            <SideMenu />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 12px',
            height: 56,
            lineHeight: 'normal',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <TopBar onToggleMenu={() => setMenuOpen((v) => !v)} compact={mobile} />
        </Layout.Header>
        <Layout.Content style={{ overflow: 'auto', minHeight: 0 }}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
    </div>
  );
};
