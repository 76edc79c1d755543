import { ActionIcon, Button, CopyButton, Group, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { embedIframeCode, publicCampaignUrl } from '@rally/domain';
import { useTranslation } from 'react-i18next';

/** The public page lives on the server that serves the dashboard (PUBLIC_URL), i.e. this origin. */
export const publicOrigin = () => window.location.origin;

export function shareUrls(uid: string, name: string) {
  const origin = publicOrigin();
  return {
    link: publicCampaignUrl(origin, uid),
    embed: `${publicCampaignUrl(origin, uid)}/embed`,
    code: embedIframeCode(origin, uid, name),
  };
}

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('share.copied') : label} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            onClick={copy}
            aria-label={copied ? t('share.copied') : label}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The public link and the iframe code of a campaign, each with a copy button that confirms. */
export function ShareLinks({ uid, name }: { uid: string; name: string }) {
  const { t } = useTranslation();
  const urls = shareUrls(uid, name);
  return (
    <Stack gap="xs">
      <Group gap="xs" align="end" wrap="nowrap">
        <TextInput
          label={t('share.public-link')}
          value={urls.link}
          readOnly
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Copy value={urls.link} label={t('share.copy-link')} />
      </Group>
      <Group gap="xs" align="end" wrap="nowrap">
        <Textarea
          label={t('share.embed-code')}
          value={urls.code}
          readOnly
          autosize
          minRows={3}
          maxRows={5}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Copy value={urls.code} label={t('share.copy-embed')} />
      </Group>
      <Text size="xs" c="gray.7">
        {t('share.paste-hint')}
      </Text>
      <Button
        component="a"
        href={urls.link}
        target="_blank"
        rel="noopener"
        variant="subtle"
        size="compact-sm"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        w="fit-content"
      >
        {t('share.open')}
      </Button>
    </Stack>
  );
}
