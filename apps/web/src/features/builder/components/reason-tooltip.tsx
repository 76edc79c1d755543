import { useId, type ReactElement, type ReactNode } from 'react';
import { Box, Tooltip, VisuallyHidden } from '@mantine/core';

interface ReasonTooltipProps {
  /** Why the control is disabled; null when it is enabled (then the child is rendered as is). */
  reason: ReactNode | null;
  children: ReactElement;
  fullWidth?: boolean;
}

/**
 * Explains a disabled control. A disabled button gets no pointer or focus events, so the
 * tooltip hangs on a wrapper that the keyboard can reach, and the reason is also exposed
 * as its description for screen readers.
 */
export function ReasonTooltip({ reason, children, fullWidth = false }: ReasonTooltipProps) {
  const id = useId();
  if (reason === null) return children;
  return (
    <>
      <Tooltip label={reason} multiline maw={280} withArrow>
        <Box
          component="span"
          tabIndex={0}
          aria-describedby={id}
          display={fullWidth ? 'block' : 'inline-block'}
          style={{ cursor: 'not-allowed', borderRadius: 'var(--mantine-radius-md)' }}
          data-disabled-reason
        >
          <Box component="span" display={fullWidth ? 'block' : 'inline-block'} style={{ pointerEvents: 'none' }}>
            {children}
          </Box>
        </Box>
      </Tooltip>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </>
  );
}
