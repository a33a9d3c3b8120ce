import { SoundOutlined, MutedOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Slider, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotifications } from './notifications.store';
import { playChime } from './sound';

/** The volume of the notification sound: 0–1 in steps of 0.1, kept in localStorage (`volume`). */
export const VolumePopover = () => {
  const { t } = useTranslation();
  const volume = useNotifications((s) => s.volume);
  const setVolume = useNotifications((s) => s.setVolume);
  const content = (
    <Flex align="center" gap={8} style={{ width: 200 }}>
      <MutedOutlined />
      <Slider
        min={0}
        max={1}
        step={0.1}
        value={volume}
        onChange={setVolume}
        onChangeComplete={(v) => playChime(v)}
        style={{ flex: 1 }}
        aria-label={t('topbar.volume')}
        data-testid="volume-slider"
      />
      <SoundOutlined />
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Tooltip title={t('topbar.volume')}>
        <Button type="text" icon={volume === 0 ? <MutedOutlined /> : <SoundOutlined />} aria-label={t('topbar.volume')} data-testid="volume-button" />
      </Tooltip>
    </Popover>
  );
};
