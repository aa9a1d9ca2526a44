import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { describeConditions, isCatchAll, type ApprovalPolicy } from '@payouts/contracts';
import { approvalsText } from './policyText.js';

/** The rules in the order they are tried: the first whose conditions all hold decides. */
export function PolicyRulesTable({ policy, label }: { policy: ApprovalPolicy; label: string }) {
  const last = policy.rules.length - 1;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            #
          </TableCell>
          <TableCell component="th" scope="col">
            Name
          </TableCell>
          <TableCell component="th" scope="col">
            Applies to
          </TableCell>
          <TableCell component="th" scope="col">
            Approvals required
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {policy.rules.map((rule, i) => (
          <TableRow key={rule.id}>
            <TableCell>{i + 1}</TableCell>
            <TableCell component="th" scope="row" sx={{ fontWeight: 'normal' }}>
              {rule.name}
            </TableCell>
            <TableCell>
              {i === last && isCatchAll(rule)
                ? 'Every other payout (the default)'
                : describeConditions(rule.conditions)}
            </TableCell>
            <TableCell>{approvalsText(rule.approvals)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
