import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a secret-once dialog says: each feature names its own secret. */
export interface SecretOnceTexts {
  title: string;
  /** Why it must be copied now (it is never shown again). */
  once: string;
  /** The accessible name of the secret's block. */
  label: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * A secret shown this once (an API key, a webhook signing secret): copy it now, the server keeps only what it needs
 * to check or sign and never shows it again. Closed when `secret` is null.
 */
export function SecretOnceModal({ secret, texts, onClose }: { secret: string | null; texts: SecretOnceTexts; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': t('common.close') }} size="lg">
      {secret !== null && (
        <Stack>
          <Alert color="orange" variant="light">
            {texts.once}
          </Alert>
          <Code block aria-label={texts.label} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} data-autofocus>
                  {copied ? texts.copied : texts.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{texts.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
