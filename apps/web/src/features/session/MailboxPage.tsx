import type { DemoMailboxDto } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { Spinner } from '../../components/Spinner.js';
import { Alert } from './PlainForm.js';

const URL_IN_TEXT = /(https?:\/\/[^\s]+)/;

/** A mail's text with this app's own links clickable (only ours: user text in it is defanged). */
function MailText({ text }: { text: string }) {
  return (
    <pre>
      {text.split(URL_IN_TEXT).map((part, i) => {
        const ours = i % 2 === 1 && part.startsWith(`${window.location.origin}/`);
        return ours ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        );
      })}
    </pre>
  );
}

/** When a mail came, relative to now (see `timeLeft` in InvitationPage.tsx for why not the date formatter). */
function ago(sentAt: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(sentAt)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/**
 * The demo's mailbox: what it would have e-mailed (invitations, notifications), when it runs
 * without an SMTP server. Anyone may read it, as anyone may sign in to the demo.
 */
export function MailboxPage() {
  const api = useApi();
  const mailbox = useQuery<DemoMailboxDto>({
    queryKey: ['demoMailbox'],
    queryFn: ({ signal }) => api.session.demoMailbox(signal),
    retry: false,
    refetchInterval: 5_000,
  });
  return (
    <main className="sign-in">
      <title>Demo mailbox · Payouts back-office</title>
      <div className="sign-in-card sign-in-card-wide">
        <h1>Demo mailbox</h1>
        <p className="sign-in-subtitle">
          What this demo e-mailed since it started, newest first. A real installation sends these
          through its SMTP server.
        </p>
        {mailbox.isError ? (
          <Alert severity="error">
            {isApiError(mailbox.error, 'not_found')
              ? 'This back-office has no demo mailbox: its e-mail goes through SMTP, or is off.'
              : errorMessage(mailbox.error)}
          </Alert>
        ) : null}
        {mailbox.isPending ? <Spinner label="Loading the mailbox" /> : null}
        {mailbox.data?.items.length === 0 ? <p>No e-mail yet.</p> : null}
        {mailbox.data?.items.map((mail) => (
          <article
            className="sign-in-mail"
            key={`${mail.sent_at}-${mail.to}-${mail.subject}`}
            aria-label={`${mail.subject}, to ${mail.to}`}
          >
            <h2>{mail.subject}</h2>
            <p className="sign-in-help">
              To {mail.to} · {ago(mail.sent_at)}
            </p>
            <MailText text={mail.text} />
          </article>
        ))}
        <p className="sign-in-footnote">
          <Link to="/sign-in">Go to sign-in</Link>
        </p>
      </div>
    </main>
  );
}
