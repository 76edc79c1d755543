import { useEffect, useId, useRef, useState } from 'react';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { isAbortError } from '../../../lib/upload-file';
import { ExportButton } from '../../exports';
import { CODE_FILE_ACCEPT, CODES_TEMPLATE_URL, uploadCodeFile } from '../api/rewards-api';
import type { TUploadedCodes } from '../lib/reward-form';
import { GenerateCodes } from './generate-codes';

interface CodesUploadProps {
  value: TUploadedCodes | null;
  existingCodes: number;
  rewardId?: number;
  onChange: (value: TUploadedCodes) => void;
  error?: string | undefined;
  /** Offers the export of this reward's saved codes (issued or not, who got which), times in this zone; absent: no export. */
  codesExport?: { timeZone?: string | undefined } | undefined;
  /** Offers "Generate codes" for a saved reward of this campaign (decision 0031); called with how many were added. */
  generate?: { campaignId: number; onGenerated: (added: number) => void } | undefined;
}

/** Reads a .xlsx, .xls or .csv of codes on the server, with upload progress; the save names the kept file by its fileUrl. */
export function CodesUpload({ value, existingCodes, rewardId, onChange, error, codesExport, generate }: CodesUploadProps) {
  const { t } = useTranslation();
  // The upload's progress in percent, while it runs.
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<(() => void) | null>(null);
  const labelId = useId();

  useEffect(() => () => abortRef.current?.(), []);

  const send = useMutation({
    mutationFn: (file: File) => {
      const { promise, abort } = uploadCodeFile(file, setProgress, rewardId);
      abortRef.current = abort;
      return promise.finally(() => {
        abortRef.current = null;
      });
    },
    onSuccess: (result) => onChange({ fileName: result.fileName, fileUrl: result.fileUrl, added: result.summary.added }),
  });
  const summary = send.data?.summary ?? null;
  // Leaving the wizard mid-upload cancels it; that is no failure.
  const failure = send.error && !isAbortError(send.error) ? errorMessage(t, send.error) : null;

  function upload(file: File | null) {
    if (!file) return;
    setProgress(0);
    send.mutate(file);
  }

  const uploading = send.isPending;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {t('rewards.codes.label')}
      </Text>
      <Group gap="sm">
        <FileButton onChange={upload} accept={CODE_FILE_ACCEPT} inputProps={{ 'aria-label': t('rewards.codes.file') }}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={uploading}>
              {value ? t('rewards.codes.replace') : t('rewards.codes.upload')}
            </Button>
          )}
        </FileButton>
        <Anchor href={CODES_TEMPLATE_URL} download size="sm">
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            {t('rewards.codes.template')}
          </Group>
        </Anchor>
      </Group>
      {generate && rewardId !== undefined && <GenerateCodes campaignId={generate.campaignId} rewardId={rewardId} onGenerated={generate.onGenerated} />}
      <Text size="xs" c="gray.7">
        {t('rewards.codes.hint')}
      </Text>
      {uploading && <Progress value={progress} aria-label={t('rewards.codes.progress')} animated />}
      {value && (
        <Text size="sm" data-testid="codes-file">
          {t('rewards.codes.file-name', { name: value.fileName, count: value.added })}
        </Text>
      )}
      {existingCodes > 0 && (
        <Group gap="sm" justify="space-between">
          <Text size="sm" c="gray.7">
            {t('rewards.codes.existing', { count: existingCodes })}
          </Text>
          {codesExport && rewardId !== undefined && (
            <ExportButton kind="codes" filters={{ rewardId }} timeZone={codesExport.timeZone} />
          )}
        </Group>
      )}
      {summary && (
        <Text size="sm" role="status" data-testid="codes-summary">
          {t('rewards.codes.summary', {
            added: summary.added,
            duplicates: summary.duplicatesInFile + summary.duplicatesExisting,
            empty: summary.emptyRows,
          })}
        </Text>
      )}
      {(failure ?? error) && (
        <Text size="xs" c="red.8" role="alert">
          {failure ?? error}
        </Text>
      )}
    </Stack>
  );
}
