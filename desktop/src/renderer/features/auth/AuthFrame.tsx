import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { Logo, useFavicon } from '../logos';

/**
 * The frame of the pages before login (/login, /signup, /forgetpsw): the card centred on the
 * layout background, which follows the theme (dark included), at any width down to 390 px.
 */
export const AuthFrame = ({ title, width = 380, children }: { title: string; width?: number; children: ReactNode }) => {
  const { token } = theme.useToken();
  useFavicon();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100%', padding: 16, background: token.colorBgLayout }}>
      <Card style={{ width, maxWidth: '100%' }}>
        <Logo dest="login" height={72} testId="login-logo" />
        <Typography.Title level={5} style={{ textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
};
