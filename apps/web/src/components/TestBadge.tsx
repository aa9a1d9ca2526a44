import Box from '@mui/material/Box';

/** Marks a test payout (made from the admin lab) everywhere it is shown. */
export function TestBadge({ label = 'Test' }: { label?: string }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        ml: 1,
        px: 1,
        border: 1,
        borderColor: 'secondary.main',
        color: 'secondary.main',
        borderRadius: 99,
        fontSize: '0.75rem',
        fontWeight: 500,
        lineHeight: 1.6,
        verticalAlign: 'middle',
      }}
    >
      {label}
    </Box>
  );
}
