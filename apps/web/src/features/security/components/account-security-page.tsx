import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Logo } from '../../../app/layout/logo';
import { TwoFactorSection } from './two-factor-section';

/**
 * /account/security: how I sign in. A page of its own outside the dashboard frame, because a member whose brand
 * requires two-factor is refused the brand's calls (403 TWO_FACTOR_REQUIRED) until they turn it on here.
 */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Group justify="space-between" maw={880} mx="auto">
        <Logo />
        <LanguageSwitcher />
      </Group>
      <Center mt="xl">
        <Stack w="100%" maw={880} gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {t('security.two-factor.page-title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('security.two-factor.page-subtitle')}
            </Text>
          </Stack>
          <TwoFactorSection onEnabled={() => void queryClient.invalidateQueries()} />
          <Button component={Link} to="/" variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('security.two-factor.continue-to-rally')}
          </Button>
        </Stack>
      </Center>
    </Box>
  );
}

export default AccountSecurityPage;
