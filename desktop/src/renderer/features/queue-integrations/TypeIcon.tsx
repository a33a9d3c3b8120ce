import { ApiOutlined, BranchesOutlined, MessageOutlined, RobotOutlined } from '@ant-design/icons';
import { theme, Tooltip } from 'antd';
import type { QueueIntegrationType } from '@balcao/shared';

const icons: Record<QueueIntegrationType, typeof ApiOutlined> = { dialogflow: RobotOutlined, n8n: BranchesOutlined, webhook: ApiOutlined, typebot: MessageOutlined };
const labels: Record<QueueIntegrationType, string> = { dialogflow: 'Dialogflow', n8n: 'n8n', webhook: 'Webhook', typebot: 'Typebot' };

export const integrationTypeLabel = (type: QueueIntegrationType) => labels[type];

/** The kind's icon (administration.md §2: the table's type icon), named for screen readers. */
export const TypeIcon = ({ type }: { type: QueueIntegrationType }) => {
  const { token } = theme.useToken();
  const Icon = icons[type];
  return (
    <Tooltip title={labels[type]}>
      <Icon aria-label={labels[type]} role="img" style={{ fontSize: 18, color: token.colorPrimary }} data-testid={`integration-type-${type}`} />
    </Tooltip>
  );
};
