import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';

const READ_BLUE = '#1890ff';

const DoubleCheck = ({ color }: { color?: string }) => (
  <span style={{ display: 'inline-flex', color }} aria-hidden>
    <CheckOutlined />
    <CheckOutlined style={{ marginInlineStart: -8 }} />
  </span>
);

/** Ack: 0 pending, 1-2 sent, 3 delivered, 4-5 read (blue), -1 failed. */
export const AckIcon = ({ ack }: { ack: number }) => {
  if (ack < 0) return <ExclamationCircleOutlined style={{ color: '#ff4d4f' }} aria-label="failed" />;
  if (ack === 0) return <ClockCircleOutlined aria-label="pending" />;
  if (ack <= 2) return <CheckOutlined aria-label="sent" />;
  if (ack === 3) return <DoubleCheck />;
  return <DoubleCheck color={READ_BLUE} />;
};
