import type { SessionReply } from '@payouts/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import type { Api } from '../../api/createApi.js';
import { AppProviders } from '../../app/AppProviders.js';
import { MuiRoot } from '../../app/theme/MuiRoot.js';
import { SESSION_QUERY_KEY } from '../session/sessionQueryKey.js';
import { StepUpDialog } from './StepUpDialog.js';

const ALL_METHODS = ['totp', 'passkey', 'recovery_code'] as const;

let asking: Promise<void> | null = null;

/**
 * The step-up handler (createHttpClient's `onStepUp`, wired in main.tsx): shows the "Confirm it's
 * you" dialog over whatever page made the call, in a root of its own so the page underneath is
 * untouched (its form keeps what was typed). Resolves when verified, rejects when cancelled.
 * Calls that need it at the same time share one dialog.
 */
export function askForStepUp({
  api,
  queryClient,
}: {
  api: Api;
  queryClient: QueryClient;
}): Promise<void> {
  asking ??= new Promise<void>((resolve, reject) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const close = () => {
      asking = null;
      root.unmount();
      container.remove();
    };
    const session = queryClient.getQueryData<SessionReply | null>(SESSION_QUERY_KEY);
    root.render(
      <AppProviders api={api} queryClient={queryClient}>
        <MuiRoot>
          <StepUpDialog
            methods={session?.security.methods ?? ALL_METHODS}
            onVerified={(reply) => {
              queryClient.setQueryData(SESSION_QUERY_KEY, reply);
              close();
              resolve();
            }}
            onCancel={() => {
              close();
              reject(new Error('Step-up cancelled'));
            }}
          />
        </MuiRoot>
      </AppProviders>,
    );
  });
  return asking;
}
