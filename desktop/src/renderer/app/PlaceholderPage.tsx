import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Stands in for screens of the spec that this version does not have yet. */
export const PlaceholderPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <Result status="info" title={t('placeholder.title')} subTitle={`${t('placeholder.text')} (${pathname})`} />;
};
