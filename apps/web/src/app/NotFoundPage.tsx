import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextLink } from '../components/TextLink.js';

export function NotFoundPage() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Not found · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography>
        There is nothing at this address. <TextLink to="/payouts">Go to the payouts</TextLink>.
      </Typography>
    </Box>
  );
}
