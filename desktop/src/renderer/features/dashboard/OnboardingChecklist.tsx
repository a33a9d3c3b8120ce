import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, List, Progress, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { onboardingSteps, type OnboardingResponse } from '@balcao/shared';
import { useBusy } from '../../lib/useBusy';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { dashboardApi } from './dashboard.api';
import { showChecklist, stepLinks } from './dashboard.logic';

/**
 * The first-run checklist (issue 11 §8; decision 0143): five steps ticked from the company's
 * real state, re-read when queues, connections or users change; dismissed for the whole company.
 */
export const OnboardingChecklist = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [state, setState] = useState<OnboardingResponse | null>(null);
  const [dismissing, run] = useBusy();

  const simulatorDone = useRef(false);

  const refresh = useCallback(() => {
    dashboardApi.onboarding().then((o) => {
      simulatorDone.current = o.steps.simulator;
      setState(o);
    }, () => undefined);
  }, []);

  useEffect(() => {
    refresh();
    // A first ticket (the Simulador's) ticks its step; after that, tickets change nothing here.
    const onTicket = () => {
      if (!simulatorDone.current) refresh();
    };
    const offs = [listenLive('queue', refresh), listenLive('whatsapp', refresh), listenLive('user', refresh), listenLive('ticket', onTicket)];
    return () => offs.forEach((off) => off());
  }, [refresh]);

  if (!showChecklist(state)) return null;
  const steps = state!.steps;
  const done = onboardingSteps.filter((s) => steps[s]).length;

  const dismiss = () =>
    run(async () => {
      await dashboardApi.dismissOnboarding();
      setState((s) => (s ? { ...s, dismissed: true } : s));
      toast.success(t('onboarding.dismissed'));
    });

  return (
    <Card
      data-testid="onboarding"
      title={t('onboarding.title')}
      extra={
        <Button type="text" icon={<CloseOutlined />} loading={dismissing} onClick={() => void dismiss()} data-testid="onboarding-dismiss">
          {t('onboarding.dismiss')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('onboarding.subtitle')}</Typography.Text>
        <Progress percent={Math.round((done / onboardingSteps.length) * 100)} format={() => t('onboarding.progress', { done, total: onboardingSteps.length })} />
        <List
          dataSource={[...onboardingSteps]}
          renderItem={(step) => (
            <List.Item
              data-testid="onboarding-step"
              data-step={step}
              data-done={steps[step] ? 'true' : 'false'}
              actions={[
                <Button key="go" type="link" onClick={() => navigate(stepLinks[step])} aria-label={`${t(`onboarding.${step}`)}: ${t('onboarding.go')}`}>
                  {t('onboarding.go')} <RightOutlined />
                </Button>,
              ]}
            >
              <Flex gap={8} align="center">
                {steps[step] ? (
                  <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 18 }} aria-hidden />
                ) : (
                  <span aria-hidden style={{ width: 18, height: 18, borderRadius: '50%', border: `2px solid ${token.colorBorder}`, display: 'inline-block' }} />
                )}
                <Typography.Text delete={steps[step]} type={steps[step] ? 'secondary' : undefined}>
                  {t(`onboarding.${step}`)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
};
