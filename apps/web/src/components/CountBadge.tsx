import Box from '@mui/material/Box';

/**
 * The count over an app-bar button's corner, the menu's or the bell's (a plain badge: MUI's
 * Badge would cost the list's budget). It sits outside the button and is hidden from assistive technology: the button's own
 * name says the count in words, and a visible number inside a button whose name is longer would
 * fail axe's label-content-name-mismatch.
 */
export function CountBadge({ count }: { count: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        position: 'absolute',
        top: 2,
        right: -6,
        minWidth: 18,
        height: 18,
        px: 0.5,
        borderRadius: 9,
        bgcolor: 'error.dark',
        color: 'common.white',
        fontSize: '0.7rem',
        fontWeight: 700,
        lineHeight: '18px',
        textAlign: 'center',
        pointerEvents: 'none',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}
