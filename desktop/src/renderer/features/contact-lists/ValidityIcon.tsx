import { theme, Tooltip } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Whether the item's number is on WhatsApp, as the check job found (null: not checked yet; decision 0223). */
export const ValidityIcon = ({ valid }: { valid: boolean | null }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const state = valid === null ? 'unknown' : valid ? 'valid' : 'invalid';
  const label = t(`contactLists.validity.${state}`);
  const style = { fontSize: 16, color: valid === null ? token.colorTextTertiary : valid ? token.colorSuccess : token.colorError };
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-testid="cl-item-validity" data-state={state} style={{ display: 'inline-flex' }}>
        {valid === null ? <ClockCircleOutlined style={style} /> : valid ? <CheckCircleFilled style={style} /> : <CloseCircleFilled style={style} />}
      </span>
    </Tooltip>
  );
};
