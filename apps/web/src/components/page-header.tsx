import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** A screen's title line: heading, a dimmed subtitle, and its main action on the right. */
export function PageHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {action}
    </Group>
  );
}
