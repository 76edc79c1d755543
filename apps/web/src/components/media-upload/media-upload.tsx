import { useId, useState, type DragEvent } from 'react';
import { Box, Button, Group, Paper, Popover, Progress, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudUpload, IconPencil, IconReplace, IconTrash, IconX } from '@tabler/icons-react';
import type { TMediaFile, TMediaResult } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useUpdateMediaTitle } from './media-api';
import type { TMediaAccept } from './media-file-rules';
import { MediaLibraryModal } from './media-library-modal';
import classes from './media-upload.module.css';
import { useMediaUploader } from './use-media-uploader';

export type { TMediaAccept } from './media-file-rules';

export interface MediaUploadProps {
  /** The chosen image or video (product rule R46), or null for none. */
  value: TMediaResult | null;
  onChange: (value: TMediaResult | null) => void;
  /** Visible label naming what the media is for ("Mission image"). */
  label: string;
  /** Which kinds of file may be chosen; both by default. */
  accept?: TMediaAccept;
  description?: string;
  disabled?: boolean;
}

function fileIdOf(value: TMediaResult | null): string | null {
  return value?.imageArgs?.fileId ?? value?.videoArgs?.fileId ?? null;
}

function titleOf(value: TMediaResult): string {
  const args = value.fileType === 'video' ? value.videoArgs : value.imageArgs;
  return args?.imageTitle?.trim() || args?.fileName || '';
}

function fileNameOf(value: TMediaResult): string {
  return (value.fileType === 'video' ? value.videoArgs?.fileName : value.imageArgs?.fileName) ?? '';
}

function Preview({ value, alt }: { value: TMediaResult; alt: string }) {
  if (value.fileType === 'video' && value.videoUrl) {
    return (
      <video
        className={classes.media}
        src={value.videoUrl}
        poster={value.videoArgs?.thumbUrl}
        controls
        preload="metadata"
        aria-label={alt}
      />
    );
  }
  return <img className={classes.media} src={value.imageUrl} alt={alt} />;
}

function TitlePopover({
  value,
  onChange,
  disabled,
}: {
  value: TMediaResult;
  onChange: (value: TMediaResult) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState('');
  const update = useUpdateMediaTitle();
  const fileId = fileIdOf(value);
  const inputId = useId();

  function open() {
    setDraft(titleOf(value));
    update.reset();
    setOpened(true);
  }

  function save() {
    if (!fileId) return;
    update.mutate(
      { fileId, title: draft.trim() },
      {
        onSuccess: (file: TMediaFile) => {
          onChange(file.result);
          setOpened(false);
        },
      },
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-start" shadow="md" width={300}>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => (opened ? setOpened(false) : open())}
          disabled={disabled || !fileId}
          aria-expanded={opened}
        >
          {t('missions.media.edit-title')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="xs">
            <TextInput
              id={inputId}
              label={t('missions.media.title-label')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={200}
              error={update.isError ? errorMessage(t, update.error) : undefined}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="subtle" color="gray" onClick={() => setOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" type="submit" loading={update.isPending}>
                {t('missions.media.save-title')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Chooses one image or video for a mission, prize or public page: drop a file to
 * upload it, or open the brand's media library to pick or upload one. Shows the
 * current file with Replace, Edit title and Remove.
 */
export function MediaUpload({
  value,
  onChange,
  label,
  accept = 'both',
  description,
  disabled = false,
}: MediaUploadProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const [libraryOpened, library] = useDisclosure(false);
  const [dragOver, setDragOver] = useState(false);
  const uploader = useMediaUploader({ accept, onUploaded: (file) => onChange(file.result) });
  const uploading = uploader.state.status === 'uploading';

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (disabled || uploading) return;
      event.preventDefault();
      setDragOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (disabled || uploading) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      if (!dragOver) setDragOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && event.currentTarget.contains(next)) return;
      setDragOver(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragOver(false);
      if (disabled || uploading) return;
      const file = event.dataTransfer.files[0];
      if (file) uploader.start(file);
    },
  };

  function openLibrary() {
    uploader.clearError();
    library.open();
  }

  let content;
  if (uploader.state.status === 'uploading') {
    const { fileName, percent } = uploader.state;
    content = (
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate="end">
              {t('missions.media.uploading', { name: fileName })}
            </Text>
            <Text size="sm" fw={600} aria-hidden>
              {percent}%
            </Text>
          </Group>
          <Progress
            value={percent}
            aria-label={t('missions.media.progress', { name: fileName })}
            animated={percent < 100}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={uploader.cancel}
            >
              {t('missions.media.cancel-upload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  } else if (value) {
    const title = titleOf(value);
    content = (
      <Paper
        withBorder
        radius="md"
        p="sm"
        className={classes.preview}
        data-drag-over={dragOver || undefined}
        {...dropHandlers}
      >
        <Group align="flex-start" gap="md">
          <Preview value={value} alt={title || label} />
          <Stack gap={6} style={{ flex: 1, minWidth: 180 }}>
            <Text fw={500} size="sm" lineClamp={2}>
              {title || t('missions.media.untitled')}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t(`missions.media.kind.${value.fileType}`)}
              {fileNameOf(value) !== '' && ` · ${fileNameOf(value)}`}
            </Text>
            <Group gap="xs" mt={4}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconReplace size={14} aria-hidden />}
                onClick={openLibrary}
                disabled={disabled}
              >
                {t('missions.media.replace')}
              </Button>
              <TitlePopover value={value} onChange={onChange} disabled={disabled} />
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => {
                  uploader.clearError();
                  onChange(null);
                }}
                disabled={disabled}
              >
                {t('missions.media.remove')}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    );
  } else {
    content = (
      <UnstyledButton
        className={classes.dropzone}
        data-drag-over={dragOver || undefined}
        data-testid="media-dropzone"
        onClick={openLibrary}
        disabled={disabled}
        aria-describedby={`${hintId}${uploader.error ? ` ${errorId}` : ''}`}
        {...dropHandlers}
      >
        <IconCloudUpload size={32} stroke={1.4} aria-hidden color="var(--mantine-color-indigo-6)" />
        <Text size="sm" fw={500}>
          {t(`missions.media.drop-${accept}`)}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t(`missions.media.hint-${accept}`)}
        </Text>
      </UnstyledButton>
    );
  }

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Text component="div" id={labelId} size="sm" fw={500} mb={description ? 2 : 6}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" mb={6}>
          {description}
        </Text>
      )}
      {content}
      {uploader.error && (
        <Text id={errorId} role="alert" size="sm" c="red.8" mt={6}>
          {uploader.error}
        </Text>
      )}
      <MediaLibraryModal
        opened={libraryOpened}
        onClose={library.close}
        accept={accept}
        currentFileId={fileIdOf(value)}
        onPick={(file) => {
          library.close();
          onChange(file.result);
        }}
        onUpload={(file) => {
          library.close();
          uploader.start(file);
        }}
      />
    </Box>
  );
}

export default MediaUpload;
