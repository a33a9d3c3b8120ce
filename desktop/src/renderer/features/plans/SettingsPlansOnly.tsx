import { Card } from 'antd';
import { PlaceholderPage } from '../../app/PlaceholderPage';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { PlansTab } from './PlansTab';

/**
 * Stand-in for /settings until the Settings page is merged: the super user's 'Planos' tab alone,
 * anyone else the placeholder. The Settings page replaces this file and mounts `PlansTab` as its
 * 'Planos' tab for super users.
 */
export const SettingsPlansOnly = () => {
  const isSuper = useSession((s) => s.user?.super === true);
  const narrow = useMediaQuery('(max-width: 575px)');
  if (!isSuper) return <PlaceholderPage />;
  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }}>
      <PlansTab />
    </Card>
  );
};
