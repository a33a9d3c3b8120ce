import type { CSSProperties, ReactNode } from 'react';
import { Card, Skeleton, Typography, type SkeletonProps } from 'antd';
import { useMediaQuery } from '../lib/useMediaQuery';

/** A phone's width: the screens' cards keep 8 px around them instead of 16. */
export const NARROW_QUERY = '(max-width: 575px)';

interface PageCardProps {
  /** The screen's heading, when the card shows it itself. */
  title?: ReactNode;
  /** The body's padding at a phone's width and wider (default 8 and 16). */
  padding?: [number, number];
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}

/** A screen's card (issue 27 §5): 8 px of margin and padding at a phone's width, 16 px wider, and its title. */
export const PageCard = ({ title, padding = [8, 16], style, testId, children }: PageCardProps) => {
  const narrow = useMediaQuery(NARROW_QUERY);
  return (
    <Card style={{ margin: narrow ? 8 : 16, ...style }} styles={{ body: { padding: narrow ? padding[0] : padding[1] } }} data-testid={testId}>
      {title === undefined ? null : (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      )}
      {children}
    </Card>
  );
};

/** What stands where a list or a form is still loading: `aria-busy`, and antd's skeleton of `rows` lines. */
export const LoadingRows = ({ testId, rows, avatar }: { testId: string; rows: number | SkeletonProps['paragraph']; avatar?: SkeletonProps['avatar'] }) => (
  <div data-testid={testId} aria-busy>
    <Skeleton active avatar={avatar} paragraph={typeof rows === 'number' ? { rows } : rows} />
  </div>
);
