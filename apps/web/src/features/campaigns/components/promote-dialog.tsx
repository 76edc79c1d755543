import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PROMOTE_SUBJECT_MAX, PROMOTE_TEMPLATES, type TPromoteTemplate } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePromote, usePromoteLog, usePromotePreview, usePromoteRecipients } from '../api/promote-api';

const STATUS_COLOR = { queued: 'gray', sent: 'teal', failed: 'red', unsubscribed: 'orange' } as const;

/**
 * Promote a launched non-consumer campaign (spec §7 POST {bundleId}/promote): choose stores of its reach, a
 * template (previewed as the store receives it) and a subject; the delivery log follows the mails out.
 */
export function PromoteDialog({
  campaignId,
  name,
  opened,
  onClose,
}: {
  campaignId: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const recipients = usePromoteRecipients(campaignId, opened);
  const [template, setTemplate] = useState<TPromoteTemplate>('announcement');
  const preview = usePromotePreview(campaignId, template, i18n.language, opened);
  const log = usePromoteLog(campaignId, opened);
  const promote = usePromote(campaignId);
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const stores = useMemo(() => recipients.data?.items ?? [], [recipients.data]);
  const mailable = stores.filter((s) => s.emails > 0);
  // Until the user picks, every store with an address is chosen.
  const selected = picked ?? new Set(mailable.map((s) => s.storeId));
  const mails = stores.filter((s) => selected.has(s.storeId)).reduce((n, s) => n + s.emails, 0);
  const subjectValue = subject ?? preview.data?.subject ?? '';
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const allOn = mailable.length > 0 && mailable.every((s) => selected.has(s.storeId));

  function send() {
    promote.mutate(
      { retailers: [...selected], emailTemplate: template, emailSubject: subjectValue, language: i18n.language },
      {
        onSuccess: (r) => notify({ color: 'teal', message: t('share.promote.sent', { count: r.queued }) }),
        onError: (e) => notify({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="80rem"
      title={t('share.promote.title', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('share.promote.intro')}</Text>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Title order={3} fz="sm">
                {t('share.promote.recipients')}
              </Title>
              {recipients.isPending ? (
                <Loader size="sm" />
              ) : mailable.length === 0 ? (
                <Alert color="orange">{t('share.promote.none-in-reach')}</Alert>
              ) : (
                <>
                  <Checkbox
                    label={t('share.promote.select-all', { count: mailable.length })}
                    checked={allOn}
                    indeterminate={!allOn && selected.size > 0}
                    onChange={() => setPicked(allOn ? new Set() : new Set(mailable.map((s) => s.storeId)))}
                  />
                  <ScrollArea.Autosize mah={240} type="auto">
                    <Stack gap={6}>
                      {stores.map((s) => (
                        <Checkbox
                          key={s.storeId}
                          disabled={s.emails === 0}
                          checked={selected.has(s.storeId)}
                          onChange={() => toggle(s.storeId)}
                          label={`${s.name}${s.city ? ` · ${s.city}` : ''}`}
                          description={
                            s.emails > 0 ? t('share.promote.emails', { count: s.emails }) : t('share.promote.no-emails')
                          }
                        />
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                  {recipients.data?.truncated && <Text size="xs">{t('share.promote.truncated')}</Text>}
                </>
              )}
              {recipients.data && (
                <Text size="xs" c="gray.7">
                  {t('share.promote.limit', {
                    remaining: recipients.data.remainingToday,
                    limit: recipients.data.dailyLimit,
                  })}
                </Text>
              )}
              <Text size="sm" fw={600}>
                {t('share.promote.selected', { stores: selected.size, emails: mails })}
              </Text>
              <Select
                label={t('share.promote.template')}
                data={PROMOTE_TEMPLATES.map((v) => ({ value: v, label: t(`share.promote.templates.${v}`) }))}
                value={template}
                allowDeselect={false}
                onChange={(v) => {
                  if (!v) return;
                  setTemplate(v as TPromoteTemplate);
                  setSubject(null);
                }}
              />
              <TextInput
                label={t('share.promote.subject')}
                value={subjectValue}
                maxLength={PROMOTE_SUBJECT_MAX}
                required
                onChange={(e) => setSubject(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('share.promote.later')}
                </Button>
                <Button onClick={send} loading={promote.isPending} disabled={mails === 0 || subjectValue.trim() === ''}>
                  {t('share.promote.send', { count: mails })}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="xs">
              <Title order={3} fz="sm">
                {t('share.promote.preview')}
              </Title>
              {preview.data ? (
                <iframe
                  title={t('share.promote.preview')}
                  srcDoc={preview.data.html}
                  sandbox=""
                  style={{
                    width: '100%',
                    height: 380,
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 8,
                  }}
                />
              ) : (
                <Loader size="sm" />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t('share.promote.log')}
          </Title>
          {log.data && log.data.items.length > 0 ? (
            <ScrollArea.Autosize mah={220} type="auto">
              <Table striped data-testid="promote-log">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('share.promote.store')}</Table.Th>
                    <Table.Th>{t('share.promote.email')}</Table.Th>
                    <Table.Th>{t('share.promote.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.items.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.storeName}</Table.Td>
                      <Table.Td>{d.email}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[d.status]} variant="light" title={d.error ?? undefined}>
                          {t(`share.promote.status.${d.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="gray.7">
              {t('share.promote.log-empty')}
            </Text>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
