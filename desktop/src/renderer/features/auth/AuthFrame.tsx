import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';

/**
 * The frame of the pages before login (/login, /signup, /forgetpsw): the card centred on the
 * layout background, which follows the theme (dark included), at any width down to 390 px.
 */
export const AuthFrame = ({ title, width = 380, children }: { title: string; width?: number; children: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100%', padding: 16, background: token.colorBgLayout }}>
      <Card style={{ width, maxWidth: '100%' }}>
        <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }}>
          Balcão
        </Typography.Title>
        <Typography.Title level={5} style={{ textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
};
