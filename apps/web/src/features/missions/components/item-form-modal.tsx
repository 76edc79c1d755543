import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { FORM_FIELD_TYPES, type TFormFieldType, type TMissionItem, type TMissionItemKind, FIELD_CHOICES, QUESTION_OPTIONS } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useCreateItem, useUpdateItem } from '../api/missions-api';
import { serverFieldErrors, unplacedErrors } from './field-errors';
import { bodyFromDraft, draftFor, nextOptionId, validateDraft, type TItemDraft } from './item-form';

interface ItemFormModalProps {
  missionId: number;
  /** The kind being added, or the edited item's own kind. */
  kind: TMissionItemKind;
  /** The item being edited; absent when adding. */
  item: TMissionItem | null;
  opened: boolean;
  onClose: () => void;
  /** Called with the server's item list after a successful add or save, before the modal closes. */
  onSaved?: (items: TMissionItem[]) => void;
}

type TSetDraft = (update: (draft: TItemDraft) => TItemDraft) => void;

function QuestionFields({
  draft,
  setDraft,
  errors,
}: {
  draft: TItemDraft;
  setDraft: TSetDraft;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const correctError = errors['data.correctOptionId'];
  const listError = errors['data.options'];
  return (
    <Radio.Group
      value={draft.correctOptionId}
      onChange={(value) => setDraft((d) => ({ ...d, correctOptionId: value }))}
      label={t('missions.items.question.options')}
      description={t('missions.items.question.options-help')}
      error={correctError ?? listError}
    >
      <Stack gap="xs" mt="xs">
        {draft.options.map((option, index) => {
          const letter = String.fromCharCode(65 + index);
          return (
            <Group key={option.id} gap="sm" wrap="nowrap" align="flex-start">
              <Radio value={option.id} mt={8} aria-label={t('missions.items.question.correct-named', { letter })} />
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('missions.items.question.option-named', { letter })}
                placeholder={t('missions.items.question.option-placeholder', { letter })}
                value={option.text}
                maxLength={200}
                error={errors[`data.options.${index}.text`]}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setDraft((d) => ({
                    ...d,
                    options: d.options.map((o) => (o.id === option.id ? { ...o, text } : o)),
                  }));
                }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={4}
                aria-label={t('missions.items.question.remove-option', { letter })}
                disabled={draft.options.length <= QUESTION_OPTIONS.min}
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    options: d.options.filter((o) => o.id !== option.id),
                    correctOptionId: d.correctOptionId === option.id ? '' : d.correctOptionId,
                  }))
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={draft.options.length >= QUESTION_OPTIONS.max}
            onClick={() =>
              setDraft((d) => ({ ...d, options: [...d.options, { id: nextOptionId(d.options), text: '' }] }))
            }
          >
            {t('missions.items.question.add-option')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('missions.items.question.option-count', { count: draft.options.length, max: QUESTION_OPTIONS.max })}
          </Text>
        </Group>
      </Stack>
    </Radio.Group>
  );
}

function FieldFields({
  draft,
  setDraft,
  errors,
}: {
  draft: TItemDraft;
  setDraft: TSetDraft;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Select
        label={t('missions.items.field.type')}
        data={FORM_FIELD_TYPES.map((value) => ({ value, label: t(`missions.items.field.types.${value}`) }))}
        value={draft.fieldType}
        onChange={(value) => value && setDraft((d) => ({ ...d, fieldType: value as TFormFieldType }))}
        allowDeselect={false}
        error={errors['data.fieldType']}
      />
      <Checkbox
        label={t('missions.items.field.required')}
        checked={draft.required}
        onChange={(event) => {
          const required = event.currentTarget.checked;
          setDraft((d) => ({ ...d, required }));
        }}
      />
      {draft.fieldType === 'choice' && (
        <Fieldset legend={t('missions.items.field.choices')} variant="unstyled">
          <Stack gap="xs">
            {draft.choices.map((choice, index) => (
              <Group key={index} gap="sm" wrap="nowrap" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('missions.items.field.choice-named', { number: index + 1 })}
                  value={choice}
                  maxLength={100}
                  error={errors[`data.choices.${index}`]}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setDraft((d) => ({ ...d, choices: d.choices.map((c, i) => (i === index ? text : c)) }));
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  mt={4}
                  aria-label={t('missions.items.field.remove-choice', { number: index + 1 })}
                  disabled={draft.choices.length <= FIELD_CHOICES.min}
                  onClick={() => setDraft((d) => ({ ...d, choices: d.choices.filter((_, i) => i !== index) }))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors['data.choices'] && <Input.Error>{errors['data.choices']}</Input.Error>}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={draft.choices.length >= FIELD_CHOICES.max}
                onClick={() => setDraft((d) => ({ ...d, choices: [...d.choices, ''] }))}
              >
                {t('missions.items.field.add-choice')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}

function ItemForm({ missionId, kind, item, onClose, onSaved }: Omit<ItemFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [draft, setDraftState] = useState(() => draftFor(kind, item ?? undefined));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateItem(missionId);
  const update = useUpdateItem(missionId);
  const mutation = item ? update : create;

  const setDraft: TSetDraft = (change) => {
    const next = change(draft);
    setDraftState(next);
    // Once the user has tried to save, errors follow the form as it is fixed.
    if (submitted) setClientErrors(validateDraft(t, next));
  };

  const serverErrors = serverFieldErrors(t, mutation.error);
  const errors = { ...serverErrors, ...clientErrors };
  const placed = (path: string) =>
    path === 'title' ||
    path.startsWith('data.options') ||
    path === 'data.correctOptionId' ||
    path.startsWith('data.choices') ||
    path === 'data.sku' ||
    path === 'data.fieldType';
  const otherErrors = unplacedErrors(serverErrors, placed);

  function submit() {
    setSubmitted(true);
    const found = validateDraft(t, draft);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = bodyFromDraft(draft);
    const onSuccess = (items: TMissionItem[]) => {
      onSaved?.(items);
      onClose();
    };
    if (item) update.mutate({ itemId: item.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
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
        {kind === 'question' ? (
          <Textarea
            label={t('missions.items.question.title')}
            placeholder={t('missions.items.question.title-placeholder')}
            required
            autosize
            minRows={2}
            maxLength={300}
            value={draft.title}
            error={errors['title']}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setDraft((d) => ({ ...d, title }));
            }}
            data-autofocus
          />
        ) : (
          <TextInput
            label={t(kind === 'option' ? 'missions.items.option.title' : 'missions.items.field.title')}
            placeholder={t(
              kind === 'option' ? 'missions.items.option.title-placeholder' : 'missions.items.field.title-placeholder',
            )}
            required
            maxLength={300}
            value={draft.title}
            error={errors['title']}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setDraft((d) => ({ ...d, title }));
            }}
            data-autofocus
          />
        )}
        {kind === 'question' && <QuestionFields draft={draft} setDraft={setDraft} errors={errors} />}
        {kind === 'option' && (
          <TextInput
            label={t('missions.items.option.sku')}
            description={t('missions.items.option.sku-help')}
            value={draft.sku}
            maxLength={64}
            inputMode="text"
            error={errors['data.sku']}
            onChange={(event) => {
              const sku = event.currentTarget.value;
              setDraft((d) => ({ ...d, sku }));
            }}
          />
        )}
        {kind === 'field' && <FieldFields draft={draft} setDraft={setDraft} errors={errors} />}
        {mutation.isError && (otherErrors.length > 0 || Object.keys(serverErrors).length === 0) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {otherErrors.length > 0 ? otherErrors.join(' ') : errorMessage(t, mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t(item ? 'missions.items.save' : 'missions.items.add-submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ItemFormModal({ opened, onClose, ...rest }: ItemFormModalProps) {
  const { t } = useTranslation();
  const title = t(rest.item ? `missions.items.${rest.kind}.edit-title` : `missions.items.${rest.kind}.add-title`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <ItemForm key={rest.item?.id ?? 'new'} onClose={onClose} {...rest} />}
    </Modal>
  );
}
