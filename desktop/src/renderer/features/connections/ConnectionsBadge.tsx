import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { needsAttention } from './connections.logic';
import { useConnections } from './connections.store';

/** attendance.md §2: the Conexões label gets '!' while a connection needs attention (re-checked after 2 s). */
export const ConnectionsBadge = ({ children }: { children: ReactNode }) => {
  const attention = useDebouncedValue(useConnections((s) => needsAttention(s.list)), 2000);
  return (
    <span data-testid="connections-menu-label">
      {children}
      {attention && <Badge count="!" size="small" style={{ marginInlineStart: 8 }} data-testid="connections-badge" />}
    </span>
  );
};
