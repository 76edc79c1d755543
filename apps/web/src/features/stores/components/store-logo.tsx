import { Avatar, type MantineSize } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';

/**
 * A store's logo beside its name, or a store icon without one. Initials would not help:
 * a brand's stores mostly share the first words of their names. Decorative, as the name follows.
 */
export function StoreLogo({ logoUrl, size = 'md' }: { logoUrl: string | null; size?: MantineSize }) {
  return (
    <Avatar src={logoUrl} alt="" size={size} radius="md" color="gray" variant="light" aria-hidden>
      <IconBuildingStore size="60%" stroke={1.6} />
    </Avatar>
  );
}
