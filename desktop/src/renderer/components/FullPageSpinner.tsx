import { Flex, Spin } from 'antd';

export const FullPageSpinner = () => (
  <Flex align="center" justify="center" style={{ height: '100%', minHeight: 200 }}>
    <Spin size="large" />
  </Flex>
);
