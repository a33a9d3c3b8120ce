import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Radio, Typography, Upload, theme } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logoDestinations, type LogoDestination } from '@balcao/shared';
import { errorCode } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { setLogoUrl, useLogoSrc } from '../logos';
import { uploadLogo } from './saas-admin.api';

/** What the picker takes (administration.md §5: PNG, ICO, SVG); the server sniffs the bytes anyway. */
export const LOGO_ACCEPT = '.png,.ico,.svg,image/png,image/x-icon,image/vnd.microsoft.icon,image/svg+xml';
export const isLogoName = (name: string): boolean => /\.(png|ico|svg)$/i.test(name);
const REDIRECT_MS = 1_000;

const Preview = ({ dest }: { dest: LogoDestination }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const src = useLogoSrc(dest);
  return (
    <Card size="small" title={t(`saasAdmin.logo.dest.${dest}`)} style={{ flex: '1 1 160px' }}>
      <Flex align="center" justify="center" style={{ height: 72, background: token.colorFillQuaternary, borderRadius: token.borderRadius }}>
        {src ? <img src={src} alt={t(`saasAdmin.logo.dest.${dest}`)} data-testid={`logo-preview-${dest}`} style={{ maxHeight: 64, maxWidth: '100%' }} /> : <Typography.Text type="secondary">{t('saasAdmin.logo.none')}</Typography.Text>}
      </Flex>
    </Card>
  );
};

/**
 * Settings → Logo (super user; administration.md §2/§5): a file and a destination (login,
 * inside, favicon), PNG/ICO/SVG only; the new logo shows at once everywhere in this window.
 */
export const LogoTab = ({ isSuper }: { isSuper: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [dest, setDest] = useState<LogoDestination | null>(null);
  const [errors, setErrors] = useState<{ file?: string; dest?: string }>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (isSuper) return;
    toast.error(t('saasAdmin.noPermission'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSuper, navigate, t]);
  if (!isSuper) return null;

  const submit = async () => {
    const next = { file: file ? undefined : t('saasAdmin.logo.chooseFile'), dest: dest ? undefined : t('saasAdmin.logo.chooseDestination') };
    setErrors(next);
    if (!file || !dest) return;
    if (!isLogoName(file.name)) {
      toast.error(t('saasAdmin.logo.onlyTypes'));
      return;
    }
    setSending(true);
    try {
      const r = await uploadLogo(dest, file);
      setLogoUrl(dest, r.url);
      toast.success(t('saasAdmin.logo.sent'));
      setFile(null);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'ERR_FILE_TYPE_NOT_ALLOWED') toast.error(t('saasAdmin.logo.onlyTypes'));
      else if (code === 'ERR_FILE_TOO_LARGE') toast.error(t('saasAdmin.logo.tooLarge'));
      else toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="logo-tab" style={{ maxWidth: 720 }}>
      <Typography.Text type="secondary">{t('saasAdmin.logo.intro')}</Typography.Text>
      <Form layout="vertical" onFinish={() => void submit()} disabled={sending}>
        <Form.Item label={t('saasAdmin.logo.file')} validateStatus={errors.file ? 'error' : undefined} help={errors.file}>
          <Upload
            accept={LOGO_ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (!isLogoName(f.name)) toast.error(t('saasAdmin.logo.onlyTypes'));
              else {
                setFile(f);
                setErrors((e) => ({ ...e, file: undefined }));
              }
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="logo-file">
              {t('saasAdmin.logo.selectFile')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('saasAdmin.logo.destination')} validateStatus={errors.dest ? 'error' : undefined} help={errors.dest}>
          <Radio.Group
            value={dest}
            onChange={(e) => {
              setDest(e.target.value as LogoDestination);
              setErrors((x) => ({ ...x, dest: undefined }));
            }}
            data-testid="logo-destination"
          >
            {logoDestinations.map((d) => (
              <Radio key={d} value={d} data-testid={`logo-dest-${d}`}>
                {t(`saasAdmin.logo.dest.${d}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="logo-send">
          {t('saasAdmin.logo.send')}
        </Button>
      </Form>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('saasAdmin.logo.current')}
      </Typography.Title>
      <Flex wrap gap={12}>
        {logoDestinations.map((d) => (
          <Preview key={d} dest={d} />
        ))}
      </Flex>
    </Flex>
  );
};
