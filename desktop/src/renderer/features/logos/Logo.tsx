import { useState } from 'react';
import { Typography } from 'antd';
import type { LogoDestination } from '@balcao/shared';
import { useLogoSrc } from './logos.store';

/**
 * The platform's logo for a destination (login page, the drawer inside): the uploaded one, or
 * our default; the product's name when no picture loads.
 */
export const Logo = ({ dest, height, testId }: { dest: Exclude<LogoDestination, 'favicon'>; height: number; testId?: string }) => {
  const src = useLogoSrc(dest);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <Typography.Title level={dest === 'login' ? 2 : 4} style={{ textAlign: 'center', margin: 0, color: dest === 'login' ? undefined : 'inherit' }} data-testid={testId}>
        Balcão
      </Typography.Title>
    );
  }
  return (
    <div style={{ display: 'flex', justifyContent: 'center' }}>
      <img src={src} alt="Balcão" data-testid={testId} onError={() => setFailed(src)} style={{ height, maxWidth: '100%', objectFit: 'contain' }} />
    </div>
  );
};
