import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader({ fullHeight = true }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullHeight ? '100vh' : 240} role="status" aria-live="polite" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
