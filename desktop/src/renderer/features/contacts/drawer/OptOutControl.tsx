import { useEffect, useState } from 'react';
import { Button, Flex, Popconfirm, Tag, Tooltip } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type ContactOptOutDto } from '@balcao/shared';
import { cancelable } from '../../../lib/cancelable';
import { toastError } from '../../../lib/reportError';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { optOutApi } from './optOut.api';

/**
 * The contact's place in the opt-out ledger (issue 13 §6; decision 0243): an "opted out" badge
 * saying why, a button any agent uses to opt the contact out, and — admins and supervisors —
 * one to opt them back in. Campaigns and schedules skip an opted-out contact.
 */
export const OptOutControl = ({ contactId }: { contactId: number }) => {
  const { t } = useTranslation();
  const me = useSession((s) => s.user);
  const [state, setState] = useState<ContactOptOutDto | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setState(null);
    return cancelable((signal) => optOutApi.get(contactId, signal), { then: setState });
  }, [contactId]);

  const act = async (optedOut: boolean) => {
    setBusy(true);
    try {
      setState(optedOut ? await optOutApi.optOut(contactId) : await optOutApi.optIn(contactId));
      toast.success(t(optedOut ? 'numberHealth.optOutDone' : 'numberHealth.optInDone'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!state) return null;
  if (!state.optedOut)
    return (
      <Popconfirm title={t('numberHealth.optOut')} description={t('numberHealth.optOutConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => act(true)} okButtonProps={{ 'data-testid': 'drawer-optout-confirm' }}>
        <Button size="small" icon={<StopOutlined />} loading={busy} data-testid="drawer-optout">
          {t('numberHealth.optOut')}
        </Button>
      </Popconfirm>
    );
  const source = state.source === 'keyword' ? t('numberHealth.sources.keyword', { keyword: state.keyword ?? '' }) : state.source === 'api' ? t('numberHealth.sources.api') : t('numberHealth.sources.agent');
  return (
    <Flex gap={8} align="center" wrap justify="center">
      <Tooltip title={t('numberHealth.optedOutInfo', { source })}>
        <Tag color="error" icon={<StopOutlined />} data-testid="drawer-optedout" tabIndex={0} aria-label={`${t('numberHealth.optedOut')}: ${t('numberHealth.optedOutInfo', { source })}`}>
          {t('numberHealth.optedOut')}
        </Tag>
      </Tooltip>
      {me && can(me, 'contacts:optIn') && (
        <Popconfirm title={t('numberHealth.optIn')} description={t('numberHealth.optInConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => act(false)} okButtonProps={{ 'data-testid': 'drawer-optin-confirm' }}>
          <Button size="small" loading={busy} data-testid="drawer-optin">
            {t('numberHealth.optIn')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
};
