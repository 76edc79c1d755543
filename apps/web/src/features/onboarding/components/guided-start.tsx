import { useState, type ReactNode } from 'react';
import { Anchor, Button, CloseButton, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TGuidedStartStep, TPermission } from '@rally/domain';
import { useSession } from '../../../app/session';
import { formatNumber } from '../../../lib/format';
import { useGuidedStart } from '../api/onboarding-api';

const dismissKey = (brandId: string) => `rally.guided-start.dismissed.${brandId}`;

function readDismissed(brandId: string): boolean {
  try {
    return window.localStorage.getItem(dismissKey(brandId)) === '1';
  } catch {
    return false;
  }
}

/** Where each step is done: the campaigns home's own create menu (passed in), the stores page, billing. */
const LINKS: Record<Exclude<TGuidedStartStep, 'campaign'>, string> = { stores: '/stores', money: '/billing' };
/** What a member needs to do a step; a member without it sees the step, not a button they cannot use. */
const NEEDS: Record<Exclude<TGuidedStartStep, 'campaign'>, TPermission> = { stores: 'store:update', money: 'billing:manage' };

/**
 * The guided start a new brand lands on (campaigns home): first campaign, first stores and staff, money in — each
 * ticked from the brand's real data (GET /api/brands/current/guided-start). Gone once every step is done, or
 * when the member hides it (remembered on this browser, per brand).
 */
export function GuidedStart({ campaignAction }: { campaignAction?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const start = useGuidedStart();
  const [dismissed, setDismissed] = useState(() => readDismissed(me.brand.id));
  if (!start.data || start.data.complete || dismissed) return null;
  const done = start.data.steps.filter((s) => s.done).length;

  function dismiss() {
    try {
      window.localStorage.setItem(dismissKey(me.brand.id), '1');
    } catch {
      // Storage unavailable: hidden for this visit only.
    }
    setDismissed(true);
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guided-start-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="guided-start-title">
            {t('onboarding.guided.title', { brand: me.brand.name })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('onboarding.guided.progress', { done: formatNumber(done, i18n.language), total: formatNumber(start.data.steps.length, i18n.language) })}
          </Text>
        </Stack>
        <CloseButton aria-label={t('onboarding.guided.dismiss')} onClick={dismiss} />
      </Group>
      <Progress value={(done / start.data.steps.length) * 100} mt="sm" mb="md" aria-hidden />
      <List spacing="md" listStyleType="none" ml={0}>
        {start.data.steps.map((step) => (
          <List.Item
            key={step.key}
            icon={
              <ThemeIcon color={step.done ? 'teal' : 'gray'} variant="light" radius="xl" size={28}>
                {step.done ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleDashed size={18} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={500} td={step.done ? 'line-through' : undefined}>
                  {t(`onboarding.guided.steps.${step.key}.title`)}
                  <VisuallyHidden> {t(step.done ? 'onboarding.guided.done' : 'onboarding.guided.todo')}</VisuallyHidden>
                </Text>
                <Text size="sm" c="dimmed">
                  {step.key === 'stores'
                    ? t('onboarding.guided.steps.stores.count', { stores: formatNumber(step.count, i18n.language), staff: formatNumber(step.staff ?? 0, i18n.language) })
                    : t(`onboarding.guided.steps.${step.key}.hint`)}
                </Text>
              </div>
              {!step.done &&
                (step.key === 'campaign' ? (
                  campaignAction
                ) : !me.permissions.includes(NEEDS[step.key]) ? null : (
                  <Button component={Link} to={LINKS[step.key]} variant="light" size="xs">
                    {t(`onboarding.guided.steps.${step.key}.action`)}
                  </Button>
                ))}
              {step.done && step.key !== 'campaign' && (
                <Anchor component={Link} to={LINKS[step.key]} size="sm">
                  {t(`onboarding.guided.steps.${step.key}.open`)}
                </Anchor>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
