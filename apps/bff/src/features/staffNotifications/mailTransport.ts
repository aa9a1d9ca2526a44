import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mails leave; the worker knows nothing of SMTP. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Nodemailer over SMTP. Its errors carry the server's answer, never the URL or password. */
export function createSmtpTransport({
  smtpUrl,
  from,
}: {
  smtpUrl: string;
  from: string;
}): MailTransport {
  // Nodemailer loads with the first e-mail, not with the BFF (start-up time).
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
          // Never nodemailer's own logger: it would print the envelope and the message.
          logger: false,
        }),
      (error: unknown) => {
        // Not kept: the next e-mail tries again, and the outbox retries this one.
        transporter = undefined;
        throw error;
      },
    ));
  return {
    async send({ to, subject, text }) {
      await (await open()).sendMail({ from, to, subject, text });
    },
    close() {
      // Nothing to close when no e-mail was ever sent, or when loading failed.
      void transporter?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

/** What a failed send may record and log: the SMTP code and answer, nothing from the config. */
export function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [
    typeof code === 'string' ? code : undefined,
    typeof responseCode === 'number' ? responseCode : undefined,
    error.message,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}
