import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can } from '@payouts/contracts';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../session/useSession.js';
import { BeneficiaryForm } from './BeneficiaryForm.js';

export function NewBeneficiaryPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      <title>New beneficiary · Payouts back-office</title>
      <Link
        component={RouterLink}
        to="/beneficiaries"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Beneficiaries
      </Link>
      <Typography variant="h4" component="h1">
        New beneficiary
      </Typography>
      {can(user?.role, 'beneficiaries:write') ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <BeneficiaryForm
            onCreated={(b) => void navigate(`/beneficiaries/${encodeURIComponent(b.id)}`)}
          />
        </Paper>
      ) : (
        <Alert severity="warning">Only finance staff and admins create beneficiaries.</Alert>
      )}
    </Stack>
  );
}
