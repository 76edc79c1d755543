import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, type TExportFormat, type TExportKind } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useStartExport } from '../api/exports-api';

export interface ExportButtonProps {
  kind: TExportKind;
  filters?: Record<string, unknown>;
  /** Zone of the exported times (a campaign's); the browser's own otherwise. */
  timeZone?: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/**
 * Starts an export of the brand's completions, codes or stores as CSV or XLSX; the link arrives by email and
 * the Exports screen shows its progress. Hidden for roles that may not export.
 */
export function ExportButton({ kind, filters = {}, timeZone }: ExportButtonProps) {
  const { t } = useTranslation();
  const me = useSession();
  const start = useStartExport();
  if (!me.permissions.includes('export:create')) return null;

  function run(format: TExportFormat) {
    start.mutate(
      { kind, format, filters, timeZone: timeZone ?? browserZone() },
      {
        onSuccess: () =>
          notify({
            color: 'teal',
            title: t('exports.started.title'),
            // Plain text: toasts render outside the router, so a router link cannot live in one.
            message: `${t('exports.started.body', { email: me.user.email })} ${t('exports.started.open')}`,
          }),
        onError: (error) => notify({ color: 'red', title: t('exports.failed-to-start'), message: errorMessage(t, error) }),
      },
    );
  }

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />} loading={start.isPending}>
          {t(`exports.button.${kind}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>{t('exports.button.csv')}</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>{t('exports.button.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
