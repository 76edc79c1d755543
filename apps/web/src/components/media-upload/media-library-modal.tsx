import { useState } from 'react';
import {
  AspectRatio,
  Button,
  Center,
  EmptyState,
  FileButton,
  Group,
  Image,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconPhoto, IconUpload, IconVideo } from '@tabler/icons-react';
import type { TMediaFile } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../error-state';
import { useMediaLibrary } from './media-api';
import { acceptAttribute, type TMediaAccept } from './media-file-rules';
import classes from './media-upload.module.css';

interface MediaLibraryModalProps {
  opened: boolean;
  onClose: () => void;
  accept: TMediaAccept;
  /** The file currently chosen, marked in the grid. */
  currentFileId: string | null;
  onPick: (file: TMediaFile) => void;
  /** A file chosen with the upload button; the widget uploads it and shows progress. */
  onUpload: (file: File) => void;
}

function accepts(accept: TMediaAccept, file: TMediaFile): boolean {
  return accept === 'both' || accept === file.fileType;
}

function LibraryTile({
  file,
  selected,
  disabled,
  onPick,
}: {
  file: TMediaFile;
  selected: boolean;
  disabled: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const title = file.title.trim() === '' ? file.fileName : file.title;
  const thumb = file.thumbUrl ?? (file.fileType === 'image' ? file.url : null);
  return (
    <UnstyledButton
      className={classes.tile}
      data-selected={selected || undefined}
      disabled={disabled}
      onClick={onPick}
      aria-label={t('missions.media.library.choose', { title })}
      aria-pressed={selected}
      title={disabled ? t(`missions.media.library.not-accepted-${file.fileType}`) : undefined}
    >
      <AspectRatio ratio={4 / 3}>
        {thumb ? (
          <Image src={thumb} alt="" fit="cover" radius="sm" />
        ) : (
          <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <IconVideo size={32} stroke={1.4} aria-hidden color="var(--mantine-color-gray-6)" />
          </Center>
        )}
      </AspectRatio>
      <Group gap={4} mt={6} wrap="nowrap">
        {file.fileType === 'video' ? (
          <IconVideo size={14} aria-hidden style={{ flexShrink: 0 }} />
        ) : (
          <IconPhoto size={14} aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Text size="xs" truncate="end" fw={selected ? 600 : 400}>
          {title}
        </Text>
        {selected && (
          <IconCheck size={14} aria-hidden color="var(--mantine-color-indigo-6)" style={{ flexShrink: 0 }} />
        )}
      </Group>
    </UnstyledButton>
  );
}

function LibraryGrid({ accept, currentFileId, onPick, onUpload }: Omit<MediaLibraryModalProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const library = useMediaLibrary(page);

  let body;
  if (library.isPending) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} aria-busy aria-label={t('app.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={130} radius="sm" />
        ))}
      </SimpleGrid>
    );
  } else if (library.isError && !library.data) {
    body = <ErrorState error={library.error} onRetry={() => void library.refetch()} />;
  } else if (library.data.items.length === 0) {
    body = (
      <EmptyState
        variant="light"
        icon={<IconPhoto aria-hidden />}
        title={t('missions.media.library.empty-title')}
        description={t('missions.media.library.empty-description')}
      />
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing="sm"
        aria-label={t('missions.media.library.files')}
        role="list"
        style={{ opacity: library.isPlaceholderData ? 0.6 : 1 }}
      >
        {library.data.items.map((file) => (
          <div role="listitem" key={file.id}>
            <LibraryTile
              file={file}
              selected={file.id === currentFileId}
              disabled={!accepts(accept, file)}
              onPick={() => onPick(file)}
            />
          </div>
        ))}
      </SimpleGrid>
    );
  }

  const pageCount = library.data?._meta.pageCount ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t(`missions.media.library.hint-${accept}`)}
        </Text>
        <FileButton onChange={(file) => file && onUpload(file)} accept={acceptAttribute(accept)}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
              {t('missions.media.library.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {body}
      {pageCount > 1 && (
        <Group justify="center">
          <nav aria-label={t('missions.media.library.pagination')}>
            <Pagination
              size="sm"
              total={pageCount}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`missions.pagination.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('missions.pagination.page', { page: p }) })}
            />
          </nav>
        </Group>
      )}
    </Stack>
  );
}

/** The brand's media files: pick one, or upload a new one. */
export function MediaLibraryModal({ opened, onClose, ...rest }: MediaLibraryModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('missions.media.library.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted only while open, so the library is fetched when it is looked at. */}
      {opened && <LibraryGrid {...rest} />}
    </Modal>
  );
}
