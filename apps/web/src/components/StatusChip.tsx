import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { PayoutStatus } from '@payouts/contracts';
import type { ComponentType } from 'react';
import { PAYOUT_STATUS_STYLES } from './payoutStatusStyles.js';

const ICONS: Readonly<Record<PayoutStatus, ComponentType<SvgIconProps>>> = {
  awaiting_approval: HourglassTopIcon,
  rejected: BlockIcon,
  submitting: CloudUploadIcon,
  pending: ScheduleIcon,
  in_process: AutorenewIcon,
  authorized: VerifiedUserIcon,
  approved: CheckCircleIcon,
  declined: CancelIcon,
  failed: ErrorIcon,
  unknown: HelpIcon,
  unrecognized: ReportProblemIcon,
};

const SIZES = {
  small: { fontSize: '0.8125rem', px: 1, py: 0.25 },
  medium: { fontSize: '0.9375rem', px: 1.5, py: 0.5 },
} as const;

/**
 * A payout's status as a coloured pill: a distinct colour per status, and the label and icon so
 * the colour is never the only signal. (A styled span rather than MUI's Chip: it appears in every
 * list row, and the list's bundle is on a budget.)
 */
export function StatusChip({
  status,
  size = 'small',
}: {
  status: PayoutStatus;
  size?: 'small' | 'medium';
}) {
  const style = PAYOUT_STATUS_STYLES[status] ?? PAYOUT_STATUS_STYLES.unknown;
  const Icon = ICONS[status] ?? HelpIcon;
  return (
    <Box
      component="span"
      title={`${style.label}: ${style.description}`}
      data-status={status}
      sx={{
        ...SIZES[size],
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        borderRadius: 99,
        bgcolor: style.color,
        color: '#fff',
        fontWeight: 500,
        lineHeight: 1.4,
        whiteSpace: 'nowrap',
      }}
    >
      <Icon aria-hidden="true" fontSize="inherit" />
      {style.label}
    </Box>
  );
}
