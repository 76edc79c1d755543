import { Avatar, Badge, Group, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import type { TCampaignPartner, TFormData, TInviteStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const INVITE_COLORS: Record<TInviteStatus, MantineColor> = { SENT: 'yellow', REJECTED: 'red', ACCEPTED: 'teal' };

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** Partner brands of a shared campaign with their invite status (read-only here; inviting is another screen). */
export function PartnersList({ partners }: { partners: TCampaignPartner[] }) {
  const { t } = useTranslation();
  if (partners.length === 0) {
    return (
      <Text size="sm" c="gray.7" py="md" ta="center">
        {t('builder.partners.empty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('builder.partners.list-label')}
    >
      {partners.map((partner) => (
        <Paper key={partner.brandId} component="li" withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={partner.brandLogoUrl} alt="" radius="xl" color="grape">
              {initials(partner.brandName)}
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm" lineClamp={1}>
                {partner.brandName}
              </Text>
              {partner.industries.length > 0 && (
                <Text size="xs" c="gray.7" lineClamp={1}>
                  {partner.industries.map((i) => i.name).join(', ')}
                </Text>
              )}
            </Stack>
            <Badge
              variant="dot"
              radius="sm"
              color={partner.inviteStatus ? INVITE_COLORS[partner.inviteStatus] : 'gray'}
            >
              {t(`builder.partners.status.${partner.inviteStatus ?? 'NONE'}`)}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Campaign-view for a partner brand: whose campaign this is. */
export function OwnerCard({ owner }: { owner: TFormData['owner'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('builder.partners.owner-card')}>
      <Group gap="md" wrap="nowrap">
        <Avatar src={owner.brandLogoUrl} alt="" size="lg" radius="xl" color="indigo">
          {initials(owner.brandName)}
        </Avatar>
        <Stack gap={0}>
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t('builder.partners.invited-by')}
          </Text>
          <Text fw={650}>{owner.brandName}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
