import { Flex, Typography, theme } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export const WelcomePanel = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ height: '100%', padding: 24 }} data-testid="welcome">
      <MessageOutlined style={{ fontSize: 64, color: token.colorPrimary, opacity: 0.6 }} />
      <Typography.Title level={3} style={{ margin: 0, color: token.colorPrimary }}>
        Balcão
      </Typography.Title>
      <Typography.Text type="secondary">{t('tickets.welcome')}</Typography.Text>
    </Flex>
  );
};
