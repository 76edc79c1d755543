import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Logo } from '../../../app/layout/logo';

/** The signed-out pages' frame: language, logo, one card with a title, links under it, then anything `after`. */
export function AuthFrame({
  title,
  subtitle,
  children,
  below,
  after,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  below?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md" component="main">
      <Group justify="flex-end" maw={960} mx="auto">
        <LanguageSwitcher />
      </Group>
      <Center mt="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Logo />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} fz="h2">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
          {below && (
            <Text size="sm" ta="center">
              {below}
            </Text>
          )}
          {after}
        </Stack>
      </Center>
    </Box>
  );
}
