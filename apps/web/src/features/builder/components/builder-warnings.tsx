import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { PartnerRejections } from './partner-rejections';

/** What stands in the campaign's way (rejected partners, missing budget…), above the sections. */
export function BuilderWarnings({ formData }: { formData: TFormData }) {
  const { t } = useTranslation();
  if (formData.warnings.length === 0) return null;
  return (
    <Stack gap="xs">
      {formData.warnings.map((warning) => (
        <Alert
          key={warning}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t(`builder.warnings.${warning}.title`)}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t(`builder.warnings.${warning}.body`)}
          {(warning === 'all-partners-rejected' || warning === 'partner-rejected') && (
            <PartnerRejections partners={formData.partners} timeZone={formData.campaign.timeZone} />
          )}
        </Alert>
      ))}
    </Stack>
  );
}
