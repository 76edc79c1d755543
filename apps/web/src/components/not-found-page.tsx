import { Button, Center, EmptyState } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <EmptyState
        icon={<IconMapQuestion aria-hidden />}
        title={t('errors.not-found.title')}
        description={t('errors.not-found.description')}
      >
        <EmptyState.Actions>
          <Button component={Link} to="/campaign" variant="light">
            {t('errors.not-found.action')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

export default NotFoundPage;
