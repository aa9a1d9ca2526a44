import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * A grey block where content is loading (a skeleton). A plain styled span rather than MUI's
 * Skeleton: it appears in the list page, whose bundle is on a budget.
 */
export function Placeholder({
  width = '100%',
  height = '1.2em',
  label,
}: {
  width?: number | string;
  height?: number | string;
  /** Said by screen readers; placeholders without one are decoration. */
  label?: string;
}) {
  return (
    <Box
      component="span"
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
      sx={{
        display: 'block',
        width,
        height,
        borderRadius: 1,
        bgcolor: 'action.hover',
        animation: `${pulse} 1.5s ease-in-out 0.5s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
