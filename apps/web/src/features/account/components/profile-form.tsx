import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZUpdateProfileBody, type TAccountProfile } from '@rally/domain';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/account-api';
import { AccountSection } from './account-section';

export function ProfileForm({ profile }: { profile: TAccountProfile }) {
  const { t } = useTranslation();
  const form = useSchemaForm(ZUpdateProfileBody, { name: profile.name });
  const update = useUpdateProfile();
  return (
    <AccountSection title={t('account.profile.title')}>
      <form
       
        noValidate
        onSubmit={form.onSubmit((body) =>
          update.mutate(body, {
            onSuccess: () => notify({ color: 'teal', message: t('account.profile.saved') }),
            onError: (error) => {
              if (!form.setServerErrors(error)) notify({ color: 'red', message: errorMessage(t, error) });
            },
          }),
        )}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label={t('account.profile.name')} autoComplete="name" required style={{ flex: 1 }} {...form.getInputProps('name')} />
          <Button type="submit" loading={update.isPending}>
            {t('account.profile.save')}
          </Button>
        </Group>
      </form>
    </AccountSection>
  );
}
