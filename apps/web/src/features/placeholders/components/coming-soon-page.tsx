import { EmptyState, Paper, Stack, Title } from '@mantine/core';
import { IconTargetArrow, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TComingSoonScreen = 'missions';

const ICONS: Record<TComingSoonScreen, Icon> = {
  missions: IconTargetArrow,
};

/** Screens that exist in the navigation but are built in later issues. */
export function ComingSoonPage({ screen }: { screen: TComingSoonScreen }) {
  const { t } = useTranslation();
  const ScreenIcon = ICONS[screen];
  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <Title order={1} fz="h2">
        {t(`nav.${screen}`)}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <EmptyState
          variant="light"
          icon={<ScreenIcon aria-hidden />}
          title={t('placeholder.coming-later')}
          description={t(`placeholder.${screen}`)}
        />
      </Paper>
    </Stack>
  );
}

export default ComingSoonPage;
