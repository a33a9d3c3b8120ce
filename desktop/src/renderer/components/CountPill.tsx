import { theme } from 'antd';

/** A plain numeric badge (antd's Badge animates digits, which makes its text unreadable to tests). */
export const CountPill = ({ count, testId, muted }: { count: number; testId?: string; muted?: boolean }) => {
  const { token } = theme.useToken();
  return (
    <span
      data-testid={testId}
      style={{
        display: 'inline-block',
        minWidth: 20,
        padding: '0 6px',
        borderRadius: 10,
        fontSize: 12,
        lineHeight: '20px',
        textAlign: 'center',
        color: '#fff',
        background: muted ? token.colorTextQuaternary : token.colorPrimary,
        marginInlineStart: 6,
      }}
    >
      {count}
    </span>
  );
};
