import { Button, Flex, Popconfirm, Tag, Tooltip, Typography, theme } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, DeleteOutlined, EditOutlined, RetweetOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ScheduleDto } from '@balcao/shared';
import { statusColor } from './schedules.logic';

interface Props {
  schedule: ScheduleDto;
  onEdit: (s: ScheduleDto) => void;
  onDelete: (s: ScheduleDto) => void;
  /** One line (the month grid) instead of the agenda's card. */
  compact?: boolean;
}

/** A schedule on the calendar: time, contact, status (late, error with its reason), edit and delete. */
export const ScheduleEvent = ({ schedule: s, onEdit, onDelete, compact }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = t(`schedules.status.${s.status}`);
  // The month grid's narrow cells say the status with an icon (its name on hover and to readers).
  const icon =
    s.status === 'ENVIADA' ? <CheckCircleFilled style={{ color: token.colorSuccess }} /> : s.status === 'ERRO' ? <CloseCircleFilled style={{ color: token.colorError }} /> : s.status === 'CANCELADA' ? <StopOutlined style={{ color: token.colorTextDisabled }} /> : null;
  const status = compact ? (
    icon && (
      <span role="img" aria-label={label} title={label} data-testid="schedule-event-status" style={{ flex: 'none', fontSize: 12 }}>
        {icon}
      </span>
    )
  ) : (
    <Tag color={statusColor[s.status]} style={{ marginInlineEnd: 0 }} data-testid="schedule-event-status">
      {label}
    </Tag>
  );
  return (
    <Flex
      align="center"
      gap={compact ? 2 : 4}
      wrap
      data-testid="schedule-event"
      data-id={s.id}
      data-status={s.status}
      onClick={(e) => e.stopPropagation()}
      style={{
        padding: compact ? '1px 4px' : '4px 8px',
        borderRadius: token.borderRadiusSM,
        background: token.colorFillQuaternary,
        borderInlineStart: `3px solid ${s.status === 'ERRO' ? token.colorError : s.status === 'ENVIADA' ? token.colorSuccess : s.status === 'CANCELADA' ? token.colorTextDisabled : token.colorPrimary}`,
        marginBottom: 2,
        minWidth: 0,
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none', whiteSpace: 'nowrap' }} data-testid="schedule-event-time">
        {dayjs(s.sendAt).format('HH:mm')}
      </Typography.Text>
      {s.cancelOnReply && (
        <Tooltip title={t('schedules.followUp')}>
          <RetweetOutlined aria-label={t('schedules.followUp')} style={{ color: token.colorTextSecondary }} />
        </Tooltip>
      )}
      {/* Month cells: the time, status and icons on one line, the contact's name on the next. */}
      <Typography.Text ellipsis style={compact ? { order: 1, flexBasis: '100%', minWidth: 0, fontSize: 12 } : { flex: 1, minWidth: 40 }} data-testid="schedule-event-contact">
        {s.contact.name}
      </Typography.Text>
      {s.status === 'ERRO' && s.error && status ? <Tooltip title={t('schedules.errorReason', { reason: s.error })}>{status}</Tooltip> : status}
      {s.late && !compact && (
        <Tooltip title={t('schedules.lateHint')}>
          <Tag color="warning" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }} data-testid="schedule-event-late">
            {t('schedules.late')}
          </Tag>
        </Tooltip>
      )}
      {!compact && s.status === 'ERRO' && s.error && (
        <Typography.Text type="danger" style={{ fontSize: 12, flexBasis: '100%' }} data-testid="schedule-event-error">
          {s.error}
        </Typography.Text>
      )}
      <Flex gap={0} style={{ flex: 'none', marginInlineStart: compact ? 'auto' : undefined }}>
        <Tooltip title={t('schedules.edit')}>
          <Button size="small" type="text" icon={<EditOutlined />} style={compact ? { width: 20, minWidth: 20, height: 20 } : undefined} aria-label={t('schedules.edit')} data-testid="schedule-edit" onClick={() => onEdit(s)} />
        </Tooltip>
        <Popconfirm
          title={t('schedules.deleteTitle')}
          description={t('schedules.deleteText')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, ...({ 'data-testid': 'schedule-delete-confirm' } as Record<`data-${string}`, string>) }}
          onConfirm={() => onDelete(s)}
        >
          <Button size="small" type="text" danger icon={<DeleteOutlined />} style={compact ? { width: 20, minWidth: 20, height: 20 } : undefined} aria-label={t('schedules.delete')} data-testid="schedule-delete" />
        </Popconfirm>
      </Flex>
    </Flex>
  );
};
