import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUBLIC_LEADERBOARD_NAMES, ZPublicPageSettings, type TPublicLeaderboardNames } from '@rally/domain';
import { useSession } from '../../app/session';
import { apiFetch } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';

const settingsKey = ['public-page-settings'] as const;

/**
 * Who the brand's public pages name on a leaderboard (issue 27): nobody by default, first name and initial, or
 * store names. One brand-wide choice, shown beside a contest in the builder; owners and admins change it.
 */
export function PublicNamesSetting() {
  const { t } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const canChange = me.permissions.includes('brand:update');
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => apiFetch('/public-page/settings', { schema: ZPublicPageSettings }) });
  const save = useMutation({
    mutationFn: (leaderboardNames: TPublicLeaderboardNames) =>
      apiFetch('/public-page/settings', { method: 'PUT', body: { leaderboardNames }, schema: ZPublicPageSettings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      notify({ color: 'teal', message: t('share.names.saved') });
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
  });
  const value = save.isPending ? save.variables : settings.data?.leaderboardNames;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="public-names-title" data-testid="public-names">
      <Title order={2} fz="sm" fw={650} tt="uppercase" c="gray.7" mb="sm" id="public-names-title" style={{ letterSpacing: 0.4 }}>
        {t('share.names.title')}
      </Title>
      <Radio.Group
        value={value ?? null}
        onChange={(next) => save.mutate(next as TPublicLeaderboardNames)}
        label={t('share.names.label')}
        description={canChange ? t('share.names.hint') : t('share.names.no-permission')}
      >
        <Stack gap={6} mt="xs">
          {PUBLIC_LEADERBOARD_NAMES.map((choice) => (
            <Radio key={choice} value={choice} label={t(`share.names.${choice}`)} disabled={!canChange || settings.isPending || save.isPending} />
          ))}
        </Stack>
      </Radio.Group>
      {settings.isError && (
        <Text size="xs" c="red" mt="xs">
          {errorMessage(t, settings.error)}
        </Text>
      )}
    </Paper>
  );
}
