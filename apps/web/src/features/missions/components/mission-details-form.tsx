import { useState } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import {
  LIMITS,
  MISSION_TYPES,
  itemKindFor,
  type TMission,
  type TMissionItem,
  type TMissionSubtype,
  type TMissionType,
  DESCRIPTION_MAX,
  allowsItemSold,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateMission } from '../api/missions-api';
import { serverFieldErrors, unplacedErrors } from './field-errors';
import { notify } from '../../../lib/notify';

interface MissionDetailsFormProps {
  mission: TMission;
  items: TMissionItem[];
  canEdit: boolean;
}

const PLACED = new Set(['title', 'description', 'type', 'subtype']);

/** Title, description, type and subtype; saved together with one button. */
export function MissionDetailsForm({ mission, items, canEdit }: MissionDetailsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateMission(mission.id);
  const [title, setTitle] = useState(mission.title);
  const [description, setDescription] = useState(mission.description);
  const [type, setType] = useState<TMissionType>(mission.type);
  const [subtype, setSubtype] = useState<TMissionSubtype>(mission.subtype);
  const [titleError, setTitleError] = useState<string | null>(null);

  const effectiveSubtype = allowsItemSold(type) ? subtype : 'standard';
  const dirty =
    title.trim() !== mission.title ||
    description.trim() !== mission.description ||
    type !== mission.type ||
    effectiveSubtype !== mission.subtype;
  const serverErrors = serverFieldErrors(t, update.error);
  const otherErrors = unplacedErrors(serverErrors, (path) => PLACED.has(path));

  function save() {
    update.mutate(
      { title: title.trim(), description: description.trim(), type, subtype: effectiveSubtype },
      { onSuccess: () => notify({ color: 'teal', message: t('missions.editor.saved') }) },
    );
  }

  function submit() {
    if (title.trim() === '') {
      setTitleError(t('missions.validation.title-required'));
      return;
    }
    const kind = itemKindFor(mission.type, mission.subtype);
    const nextKind = itemKindFor(type, effectiveSubtype);
    const affected = items.filter((item) => item.kind === kind).length;
    if (nextKind === kind || affected === 0) {
      save();
      return;
    }
    // Items are built for one kind; changing kind leaves the current ones out of the mission's completeness.
    void openConfirm({
      title: t('missions.editor.kind-change.title'),
      body: t('missions.editor.kind-change.body', {
        count: affected,
        from: t(`missions.items.${kind}.plural`),
        to: t(`missions.items.${nextKind}.plural`),
      }),
      confirmLabel: t('missions.editor.kind-change.confirm'),
    }).then((confirmed) => {
      if (confirmed) save();
    });
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
          required
          value={title}
          maxLength={LIMITS.missionTitle}
          readOnly={!canEdit}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setTitleError(null);
          }}
          error={titleError ?? serverErrors['title']}
        />
        <Textarea
          label={t('missions.fields.description')}
          value={description}
          maxLength={DESCRIPTION_MAX}
          readOnly={!canEdit}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={serverErrors['description']}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('missions.fields.type')}
            data={MISSION_TYPES.map((value) => ({ value, label: t(`missions.type.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as TMissionType)}
            allowDeselect={false}
            disabled={!canEdit}
            error={serverErrors['type']}
            miw={180}
          />
          <Radio.Group
            label={t('missions.fields.subtype')}
            description={allowsItemSold(type) ? undefined : t('missions.fields.item-sold-only')}
            value={effectiveSubtype}
            onChange={(value) => setSubtype(value as TMissionSubtype)}
            error={serverErrors['subtype']}
            miw={180}
          >
            <Group gap="md" mt={8}>
              <Radio value="standard" label={t('missions.subtype.standard')} disabled={!canEdit} />
              <Radio
                value="itemSold"
                label={t('missions.subtype.itemSold')}
                disabled={!canEdit || !allowsItemSold(type)}
              />
            </Group>
          </Radio.Group>
        </Group>
        {update.isError && otherErrors.length + Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(t, update.error)}
          </Alert>
        )}
        {otherErrors.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {otherErrors.join(' ')}
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={update.isPending}
              disabled={!dirty}
            >
              {t('missions.editor.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
