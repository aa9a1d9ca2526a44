import type { OverviewSummaryDto, PayoutSummary } from '@payouts/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatMoney } from '../../components/formatMoney.js';
import { Placeholder } from '../../components/Placeholder.js';
import { TextLink } from '../../components/TextLink.js';
import { visuallyHidden } from '../../components/visuallyHidden.js';
import {
  combine,
  groupFigures,
  percentChange,
  STATUS_GROUPS,
  type GroupFigures,
} from './overviewFigures.js';
import { payoutsListLink, type Interval, type OverviewParams } from './overviewParams.js';
import { formatCount } from '../../components/formatCount.js';

/** Cards side by side where there is room, one per row on a phone. */
export const CARD_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

/**
 * The change against the previous period: an arrow and a percent, read out in words
 * ("up 25% from 8 in the previous period").
 */
export function Change({
  current,
  previous,
  previousText,
}: {
  current: number | string;
  previous: number | string;
  /** The previous figure as people read it (`€80.00`, `8`). */
  previousText: string;
}) {
  const percent = percentChange(current, previous);
  let shown: string;
  let said: string;
  let Icon: typeof ArrowUpwardIcon | null = null;
  if (percent === null) {
    const nothingNow = Number(current) === 0;
    shown = nothingNow ? '0%' : 'new';
    said = nothingNow ? 'none in this or the previous period' : 'none in the previous period';
  } else if (percent === 0) {
    shown = '0%';
    said = `unchanged from ${previousText} in the previous period`;
  } else {
    Icon = percent > 0 ? ArrowUpwardIcon : ArrowDownwardIcon;
    shown = `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`;
    said = `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}% from ${previousText} in the previous period`;
  }
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'text.secondary' }}
    >
      {Icon ? <Icon aria-hidden="true" sx={{ fontSize: '1em' }} /> : null}
      <span aria-hidden="true">{shown}</span>
      <span style={visuallyHidden}>{said}</span>
    </Box>
  );
}

function CardFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.75, minWidth: 0 }}
    >
      {children}
    </Paper>
  );
}

function FigureCard({
  title,
  to,
  figures,
  currencyLink,
}: {
  title: string;
  to: string;
  figures: GroupFigures;
  currencyLink: (currency: string) => string;
}) {
  return (
    <CardFrame label={title}>
      <Typography variant="subtitle2" component="h3">
        <TextLink to={to}>{title}</TextLink>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p">
          {formatCount(figures.count)}
          <span style={visuallyHidden}> payouts</span>
        </Typography>
        <Change
          current={figures.count}
          previous={figures.previousCount}
          previousText={formatCount(figures.previousCount)}
        />
      </Box>
      {figures.currencies.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {figures.currencies.map((c) => (
            <Box
              component="li"
              key={c.currency}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
            >
              <TextLink to={currencyLink(c.currency)}>{formatMoney(c.amount, c.currency)}</TextLink>
              <Typography variant="body2" component="span" color="textSecondary">
                {formatCount(c.count)} ·{' '}
              </Typography>
              <Typography variant="body2" component="span">
                <Change
                  current={c.amount}
                  previous={c.previousAmount}
                  previousText={formatMoney(c.previousAmount, c.currency)}
                />
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary">
          None in this range
        </Typography>
      )}
    </CardFrame>
  );
}

function CountCard({
  title,
  count,
  to,
  hint,
}: {
  title: string;
  count: number | undefined;
  to: string;
  hint: string;
}) {
  return (
    <CardFrame label={title}>
      <Typography variant="subtitle2" component="h3">
        <TextLink to={to}>{title}</TextLink>
      </Typography>
      {count === undefined ? (
        <Placeholder height="2.5em" width="4em" />
      ) : (
        <Typography variant="h4" component="p">
          {formatCount(count)}
          <span style={visuallyHidden}> payouts</span>
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary">
        {hint}
      </Typography>
    </CardFrame>
  );
}

/** "What needs me": the two counts behind the menu's badge, not limited to the range. */
export function ActionCards({
  summary,
  canApprove,
}: {
  summary: PayoutSummary | undefined;
  canApprove: boolean;
}) {
  return (
    <>
      {canApprove ? (
        <CountCard
          title="Awaiting my approval"
          count={summary?.awaiting_my_approval}
          to="/payouts?needs_my_approval=1"
          hint="Created by someone else, waiting for you"
        />
      ) : null}
      <CountCard
        title="Needs attention"
        count={summary?.needs_attention}
        to="/payouts?needs_attention=1"
        hint="Unknown or not final for too long"
      />
    </>
  );
}

/** All payouts and one card per status group for the range, each against the previous range. */
export function SummaryCards({
  summary,
  params,
  interval,
}: {
  summary: OverviewSummaryDto;
  params: OverviewParams;
  interval: Interval;
}) {
  const total = combine(summary.totals.current, summary.totals.previous);
  return (
    <>
      <FigureCard
        title="All payouts"
        to={payoutsListLink(params, interval)}
        figures={total}
        currencyLink={(currency) => payoutsListLink(params, interval, { currency })}
      />
      {STATUS_GROUPS.map((group) => (
        <FigureCard
          key={group.id}
          title={group.label}
          to={payoutsListLink(params, interval, { status: group.statuses })}
          figures={groupFigures(summary, group.statuses)}
          currencyLink={(currency) =>
            payoutsListLink(params, interval, { status: group.statuses, currency })
          }
        />
      ))}
    </>
  );
}

/** Grey cards while the summary loads. */
export function SummaryCardsSkeleton() {
  return (
    <>
      {Array.from({ length: 7 }, (_, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }}>
          <Placeholder width="50%" />
          <Box sx={{ mt: 1 }}>
            <Placeholder height="2.5em" width="40%" />
          </Box>
          <Box sx={{ mt: 1 }}>
            <Placeholder width="70%" />
          </Box>
        </Paper>
      ))}
    </>
  );
}
