import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app link styled like MUI's Link, without its weight: it sits in every list row, and the
 * list's bundle is on a budget.
 */
export function TextLink({
  to,
  children,
  sx,
  title,
}: {
  to: string;
  children: ReactNode;
  /** On hover: what the link's text leaves out (a full id). */
  title?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component={RouterLink}
      to={to}
      title={title}
      sx={
        [
          {
            color: 'primary.main',
            textDecorationColor: 'currentColor',
            textUnderlineOffset: '0.15em',
            '&:hover': { textDecorationThickness: 2 },
          },
          ...(Array.isArray(sx) ? (sx as unknown[]) : sx ? [sx] : []),
        ] as SxProps<Theme>
      }
    >
      {children}
    </Box>
  );
}
