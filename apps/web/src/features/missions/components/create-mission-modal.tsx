import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LIMITS, MISSION_TYPES, type TMission, type TMissionSubtype, type TMissionType, DESCRIPTION_MAX, allowsItemSold } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSession } from '../../../app/session';
import { useCreateMission } from '../api/missions-api';
import { serverFieldErrors, unplacedErrors } from './field-errors';

interface CreateMissionModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (mission: TMission) => void;
}

const PLACED = new Set(['title', 'type', 'subtype', 'description']);

function CreateMissionForm({ onClose, onCreated }: Omit<CreateMissionModalProps, 'opened'>) {
  const { t } = useTranslation();
  const me = useSession();
  const create = useCreateMission();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<TMissionType>('general');
  const [subtype, setSubtype] = useState<TMissionSubtype>('standard');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);

  const types = MISSION_TYPES.filter((value) => value !== 'consumer' || me.brand.consumerEnabled);
  const serverErrors = serverFieldErrors(t, create.error);
  const otherErrors = unplacedErrors(serverErrors, (path) => PLACED.has(path));

  function submit() {
    if (title.trim() === '') {
      setTitleError(t('missions.validation.title-required'));
      return;
    }
    create.mutate(
      { title: title.trim(), type, subtype: allowsItemSold(type) ? subtype : 'standard', description, media: null },
      { onSuccess: onCreated },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('missions.fields.title')}
          placeholder={t('missions.fields.title-placeholder')}
          required
          value={title}
          maxLength={LIMITS.missionTitle}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setTitleError(null);
          }}
          error={titleError ?? serverErrors['title']}
          data-autofocus
        />
        <Select
          label={t('missions.fields.type')}
          data={types.map((value) => ({ value, label: t(`missions.type.${value}`) }))}
          value={type}
          onChange={(value) => {
            if (!value) return;
            const next = value as TMissionType;
            setType(next);
            if (!allowsItemSold(next)) setSubtype('standard');
          }}
          allowDeselect={false}
          error={serverErrors['type']}
        />
        <Radio.Group
          label={t('missions.fields.subtype')}
          description={allowsItemSold(type) ? undefined : t('missions.fields.item-sold-only')}
          value={subtype}
          onChange={(value) => setSubtype(value as TMissionSubtype)}
          error={serverErrors['subtype']}
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="standard"
              label={t('missions.subtype.standard')}
              description={t(`missions.subtype-help.standard-${type}`)}
            />
            <Radio
              value="itemSold"
              label={t('missions.subtype.itemSold')}
              description={t('missions.subtype-help.itemSold')}
              disabled={!allowsItemSold(type)}
            />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('missions.fields.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={DESCRIPTION_MAX}
          autosize
          minRows={3}
          maxRows={8}
          error={serverErrors['description']}
        />
        {create.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {otherErrors.length > 0 ? otherErrors.join(' ') : errorMessage(t, create.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('missions.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreateMissionModal({ opened, onClose, onCreated }: CreateMissionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('missions.create.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Remounted each time it opens, so every creation starts from an empty form. */}
      {opened && <CreateMissionForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
