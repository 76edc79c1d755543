import { Button, Center, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  fullPage?: boolean;
}

export function ErrorState({ error, onRetry, fullPage = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const content = (
    <EmptyState
      role="alert"
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('errors.title')}
      description={errorMessage(t, error)}
    >
      {onRetry && (
        <EmptyState.Actions>
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
  return fullPage ? <Center h="100vh">{content}</Center> : content;
}
