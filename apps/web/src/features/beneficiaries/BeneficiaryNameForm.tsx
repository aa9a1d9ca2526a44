import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BeneficiaryDto } from '@payouts/contracts';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { ErrorState } from '../../components/ErrorState.js';
import { useUpdateBeneficiary } from './useBeneficiary.js';

const FIELDS = ['/display_name', '/reference', '/email'];

/**
 * The name, reference and e-mail. The e-mail is saved at once; a new name or reference, which
 * people and batch files pay by, waits for a second person like the payment details.
 */
export function BeneficiaryNameForm({ beneficiary }: { beneficiary: BeneficiaryDto }) {
  const update = useUpdateBeneficiary(beneficiary.id);
  const [values, setValues] = useState({
    display_name: beneficiary.display_name,
    reference: beneficiary.reference,
    email: beneficiary.email ?? '',
  });
  const [checked, setChecked] = useState(false);
  const serverErrors = isApiError(update.error) ? update.error.errors : [];
  const serverError = (pointer: string): string | undefined =>
    serverErrors.find((e) => e.pointer === pointer)?.message;
  const problems = {
    display_name:
      checked && values.display_name.trim() === ''
        ? 'Enter the name.'
        : serverError('/display_name'),
    reference:
      checked && values.reference.trim() === ''
        ? 'Enter your reference.'
        : serverError('/reference'),
    email: serverError('/email'),
  };
  const mapped = serverErrors.some((e) => FIELDS.includes(e.pointer));
  const identityWaits =
    update.data?.pending_change?.diff.some(
      (d) => d.field === 'display_name' || d.field === 'reference',
    ) ?? false;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setChecked(true);
    if (values.display_name.trim() === '' || values.reference.trim() === '') return;
    const email = values.email.trim();
    update.mutate({
      display_name: values.display_name.trim(),
      reference: values.reference.trim(),
      email: email === '' ? null : email,
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField
        label="Name"
        required
        value={values.display_name}
        onChange={(e) => setValues({ ...values, display_name: e.target.value })}
        error={problems.display_name !== undefined}
        helperText={problems.display_name}
      />
      <TextField
        label="Reference"
        required
        value={values.reference}
        onChange={(e) => setValues({ ...values, reference: e.target.value })}
        error={problems.reference !== undefined}
        helperText={
          problems.reference ?? 'Your own id for this payee (seller id, contract number); unique.'
        }
      />
      <TextField
        label="E-mail"
        type="email"
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
        error={problems.email !== undefined}
        helperText={problems.email}
      />
      {update.isError && !mapped ? (
        <ErrorState error={update.error} title="The changes were not saved" />
      ) : null}
      {update.isSuccess ? (
        <Alert severity={identityWaits ? 'info' : 'success'} role="status">
          {identityWaits
            ? 'Saved. The new name or reference waits for a second person to approve it; the current ones stay in force until then.'
            : 'Saved.'}
        </Alert>
      ) : null}
      <Stack direction="row">
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
