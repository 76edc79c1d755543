import type { ReactNode } from 'react';
import { Button, Group, List, Paper, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ReasonTooltip } from './reason-tooltip';

/** One titled card of the builder (setup, missions, rewards, partners), labelled by its heading. */
export function Section({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** Why a button is disabled: one reason as text, several as a list. */
export function ReasonList({ reasons }: { reasons: string[] }) {
  if (reasons.length === 1) return <>{reasons[0]}</>;
  return (
    <List size="sm" spacing={2} c="inherit">
      {reasons.map((r) => (
        <List.Item key={r}>{r}</List.Item>
      ))}
    </List>
  );
}

/** A section's add button; disabled with its reason (a tooltip, and a description for screen readers) when adding is not allowed. */
export function AddButton({
  reason = null,
  onClick,
  children,
}: {
  reason?: ReactNode | null;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ReasonTooltip reason={reason}>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={reason !== null}
        onClick={onClick}
      >
        {children}
      </Button>
    </ReasonTooltip>
  );
}
