import type { HTMLAttributes } from 'react';
import { Table, Typography } from 'antd';

/** A sheet row an import refused: its line in the sheet, what it held and why. */
export interface RefusedRow<R extends string = string> {
  row: number;
  name: string;
  number: string;
  reason: R;
}

interface Props<R extends string> {
  rows: RefusedRow<R>[];
  /** Each row's test id. */
  rowTestId: string;
  titles: { row: string; name: string; number: string; reason: string };
  reasonText: (reason: R) => string;
}

/** The refused rows of a contacts or contact-list import, 8 a page once there are more. */
export const ImportRefusedTable = <R extends string>({ rows, rowTestId, titles, reasonText }: Props<R>) => (
  <Table
    size="small"
    rowKey="row"
    pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
    dataSource={rows}
    scroll={{ x: true }}
    onRow={() => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement>}
    columns={[
      { key: 'row', title: titles.row, dataIndex: 'row', width: 64 },
      {
        key: 'name',
        title: titles.name,
        render: (_, r) => (
          <Typography.Text ellipsis style={{ maxWidth: 140 }}>
            {r.name}
          </Typography.Text>
        ),
      },
      { key: 'number', title: titles.number, dataIndex: 'number' },
      { key: 'reason', title: titles.reason, render: (_, r) => reasonText(r.reason) },
    ]}
  />
);
