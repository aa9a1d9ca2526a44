import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can, type BeneficiaryDto } from '@payouts/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Placeholder } from '../../components/Placeholder.js';
import { useSession } from '../session/useSession.js';
import { BeneficiaryDetailsChangeForm } from './BeneficiaryDetailsChangeForm.js';
import { BeneficiaryNameForm } from './BeneficiaryNameForm.js';
import { useBeneficiary } from './useBeneficiary.js';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Edit a beneficiary in two parts: its name, reference and e-mail change at once; its payment
 * details (the PSP section of the wizard, corridor, type and PSP fixed) become a proposed change
 * that a second person approves.
 */
export function EditBeneficiaryPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const detail = useBeneficiary(id);
  const canWrite = can(user?.role, 'beneficiaries:write');
  const detailPath = `/beneficiaries/${encodeURIComponent(id)}`;

  const back = (
    <Link
      component={RouterLink}
      to={detail.data ? detailPath : '/beneficiaries'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {detail.data ? detail.data.beneficiary.display_name : 'Beneficiaries'}
    </Link>
  );
  const heading = (
    <Typography variant="h4" component="h1">
      Edit beneficiary
    </Typography>
  );

  let body: ReactNode;
  if (!canWrite) {
    body = <Alert severity="warning">Only finance staff and admins change beneficiaries.</Alert>;
  } else if (detail.isPending) {
    body = <Placeholder height={320} label="Loading the beneficiary" />;
  } else if (detail.isError) {
    body = isApiError(detail.error, 'not_found') ? (
      <Alert severity="warning">There is no beneficiary with this id.</Alert>
    ) : (
      <ErrorState
        error={detail.error}
        title="The beneficiary could not be loaded"
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (detail.data.beneficiary.status === 'archived') {
    body = <Alert severity="info">Archived: it can no longer be changed.</Alert>;
  } else {
    const b: BeneficiaryDto = detail.data.beneficiary;
    body = (
      <>
        <Part id="edit-name-title" title="Name, reference and e-mail">
          <BeneficiaryNameForm beneficiary={b} />
        </Part>
        <Part id="edit-details-title" title="Payment details">
          <BeneficiaryDetailsChangeForm
            beneficiary={b}
            onProposed={() => void navigate(detailPath)}
          />
        </Part>
      </>
    );
  }

  return (
    <Stack spacing={2}>
      <title>Edit beneficiary · Payouts back-office</title>
      {back}
      {heading}
      {body}
    </Stack>
  );
}
