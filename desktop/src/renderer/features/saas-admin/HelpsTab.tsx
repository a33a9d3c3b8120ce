import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HelpDto } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { deleter } from '../../lib/deleter';
import { toast } from '../../lib/toast';
import { useLoadedList } from '../../lib/useLoadedList';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { thumbnailUrl } from '../helps';
import { HelpModal } from './HelpModal';
import { helpsApi } from './saas-admin.api';

/** Settings → Ajuda (super user): the help videos every user sees on /helps. */
export const HelpsTab = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const { records: helps, setRecords: setHelps } = useLoadedList(helpsApi.list, t('saasAdmin.loadFailed'));
  const dialog = useEditDialog<HelpDto>();

  const remove = deleter(
    helpsApi.remove,
    (h: HelpDto) => {
      toast.success(t('saasAdmin.saved'));
      setHelps((all) => (all ?? []).filter((x) => x.id !== h.id));
    },
    () => toast.error(t('saasAdmin.deleteFailed')),
  );

  const columns: TableColumnsType<HelpDto> = [
    ...(narrow ? [] : ([{ key: 'thumb', width: 96, render: (_: unknown, h: HelpDto) => <img src={thumbnailUrl(h.video)} alt="" style={{ width: 80, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 4 }} /> }] as TableColumnsType<HelpDto>)),
    {
      key: 'title',
      title: t('saasAdmin.helps.title'),
      render: (_, h) => (
        <Flex vertical>
          <Typography.Text strong data-testid="help-title-cell">{h.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {h.description}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(narrow ? [] : ([{ key: 'video', title: t('saasAdmin.helps.video'), dataIndex: 'video', width: 130 }] as TableColumnsType<HelpDto>)),
    actionsColumn(t('saasAdmin.actions'), 96, (h) => (
      <RowActions
        edit={{ label: t('saasAdmin.edit'), testId: 'help-edit', onClick: () => dialog.edit(h) }}
        remove={{ label: t('saasAdmin.delete'), testId: 'help-delete', title: t('saasAdmin.helps.deleteTitle', { name: h.title }), description: t('saasAdmin.helps.deleteText'), onConfirm: () => remove(h) }}
      />
    )),
  ];

  return (
    <ListPage<HelpDto>
      testId="helps"
      pane="helps-tab"
      actions={<AddButton label={t('saasAdmin.helps.add')} testId="help-add" onClick={dialog.add} />}
      loaded={helps !== null}
      skeleton={{ paragraph: { rows: 3 } }}
      columns={columns}
      records={helps ?? []}
      rowTestId="help-row"
      emptyText={t('saasAdmin.empty')}
    >
      <HelpModal
        open={dialog.open}
        record={dialog.record}
        onClose={dialog.close}
        onSaved={(h) => setHelps((all) => (all?.some((x) => x.id === h.id) ? all.map((x) => (x.id === h.id ? h : x)) : [...(all ?? []), h]))}
      />
    </ListPage>
  );
};
