import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/**
 * A keyset-paged list's position: a stack of cursors (the first page has none), reset when the
 * query (`key`, e.g. its URL parameters) changes.
 */
export function useCursorStack(key: string) {
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key,
    cursors: [undefined],
  });
  const cursors = paging.key === key ? paging.cursors : [undefined];
  return {
    /** The cursor of the page shown (undefined: the first). */
    cursor: cursors[cursors.length - 1],
    /** 1-based. */
    pageNumber: cursors.length,
    previous: () => setPaging({ key, cursors: cursors.slice(0, -1) }),
    next: (cursor: string) => setPaging({ key, cursors: [...cursors, cursor] }),
  };
}

/** "Page N", Previous and Next under a keyset-paged table. */
export function CursorPager({
  stack,
  nextCursor,
  refreshing,
  refreshingLabel,
  nextDisabled = false,
}: {
  stack: ReturnType<typeof useCursorStack>;
  /** The page's `next_cursor`: null on the last page. */
  nextCursor: string | null;
  /** A refetch of a page already shown. */
  refreshing: boolean;
  refreshingLabel: string;
  /** E.g. while a placeholder page is shown. */
  nextDisabled?: boolean;
}) {
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, p: 1 }}
    >
      {refreshing ? <CircularProgress size={16} aria-label={refreshingLabel} /> : null}
      <Typography variant="body2" sx={{ mr: 1 }}>
        Page {stack.pageNumber}
      </Typography>
      <Button disabled={stack.pageNumber <= 1} onClick={stack.previous}>
        Previous
      </Button>
      <Button
        disabled={nextCursor === null || nextDisabled}
        onClick={() => {
          if (nextCursor !== null) stack.next(nextCursor);
        }}
      >
        Next
      </Button>
    </Box>
  );
}
