import { Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { slaTargets, type SlaTargetsDto } from '@balcao/shared';

const field: Record<(typeof slaTargets)[number], keyof SlaTargetsDto> = {
  firstResponse: 'firstResponseMinutes',
  nextResponse: 'nextResponseMinutes',
  resolution: 'resolutionMinutes',
};

/**
 * The three targets as form items named under `prefix` (in business minutes; empty = none). A
 * queue's (`inherited`: the company's default) shows the default it keeps when empty, and takes 0
 * for none in that queue (decision 0432).
 */
export const SlaTargetsFields = ({ prefix, testIdPrefix, inherited }: { prefix: string[]; testIdPrefix: string; inherited?: SlaTargetsDto }) => {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      {slaTargets.map((target) => (
        <Form.Item key={target} name={[...prefix, field[target]]} label={t(`sla.targets.${target}`)} style={{ flex: '1 1 150px' }}>
          <InputNumber
            min={inherited ? 0 : 1}
            max={525_600}
            precision={0}
            suffix="min"
            style={{ width: '100%' }}
            placeholder={inherited ? (inherited[field[target]] === null ? t('sla.noDefault') : t('sla.default', { minutes: inherited[field[target]] })) : undefined}
            aria-label={`${t(`sla.targets.${target}`)} (${t('sla.minutes')})`}
            data-testid={`${testIdPrefix}-${target}`}
          />
        </Form.Item>
      ))}
    </Flex>
  );
};

/** A form's values as the API's targets (an emptied field is null: no target). */
export const targetsOf = (v: Partial<SlaTargetsDto> | undefined): SlaTargetsDto => ({
  firstResponseMinutes: v?.firstResponseMinutes ?? null,
  nextResponseMinutes: v?.nextResponseMinutes ?? null,
  resolutionMinutes: v?.resolutionMinutes ?? null,
});
