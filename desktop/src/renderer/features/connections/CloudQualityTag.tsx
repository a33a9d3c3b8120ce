import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';

type CloudFacts = Pick<NonNullable<WhatsappDto['cloud']>, 'qualityRating' | 'messagingLimit'> & { checkedAt?: string | null };

const COLOR: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red' };
const QUALITY = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
const isQuality = (q: string): q is (typeof QUALITY)[number] => (QUALITY as readonly string[]).includes(q);

/**
 * Meta's messaging limit in words (decision 0450): `TIER_2K` → "2,000/24 h" in the reader's
 * language, `UNLIMITED` (or `TIER_UNLIMITED`) → unlimited; anything else as Meta wrote it.
 */
export const limitLabel = (limit: string, language: string, t: TFunction): string => {
  if (/^(TIER_)?UNLIMITED$/.test(limit)) return t('connections.cloud.limitUnlimited');
  const m = /^TIER_(\d+)(K?)$/.exec(limit);
  if (!m) return limit;
  return t('connections.cloud.limitTier', { count: (Number(m[1]) * (m[2] ? 1000 : 1)).toLocaleString(language) });
};

/**
 * A Cloud number's quality rating and messaging limit as Meta last said them (issue 29 §1): a tag
 * coloured by the rating, the read's time in its tooltip. Nothing before the first read.
 */
export const CloudQualityTag = ({ cloud }: { cloud: CloudFacts | undefined }) => {
  const { t, i18n } = useTranslation();
  if (!cloud || (!cloud.qualityRating && !cloud.messagingLimit)) return null;
  const rating = cloud.qualityRating;
  const quality = isQuality(rating) ? t(`connections.cloud.qualityValue.${rating}`) : rating;
  const parts = [cloud.qualityRating && t('connections.cloud.quality', { quality }), cloud.messagingLimit && limitLabel(cloud.messagingLimit, i18n.language, t)].filter(Boolean);
  const when = cloud.checkedAt ? new Date(cloud.checkedAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : null;
  return (
    <Tooltip title={when ? t('connections.cloud.qualityAsOf', { when }) : t('connections.cloud.qualityHint')}>
      <Tag color={COLOR[cloud.qualityRating]} style={{ marginTop: 4, whiteSpace: 'normal' }} data-testid="cloud-quality" data-quality={cloud.qualityRating}>
        {parts.join(' · ')}
      </Tag>
    </Tooltip>
  );
};
