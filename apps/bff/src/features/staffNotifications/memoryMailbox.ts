import type { Clock } from '../../shared/clock.js';
import type { MailTransport, OutgoingMail } from './mailTransport.js';

export interface KeptMail extends OutgoingMail {
  sentAt: Date;
}

/**
 * E-mail that never leaves the process: the demo's mailbox when no SMTP server is set, and the
 * tests'. It keeps the newest `limit` messages (a restart forgets them).
 */
export interface MemoryMailbox extends MailTransport {
  /** Newest first. */
  list(): readonly KeptMail[];
}

export function createMemoryMailbox({
  clock,
  limit = 100,
}: {
  clock: Clock;
  limit?: number;
}): MemoryMailbox {
  const kept: KeptMail[] = [];
  return {
    send(mail) {
      kept.unshift({ ...mail, sentAt: clock.now() });
      kept.length = Math.min(kept.length, limit);
      return Promise.resolve();
    },
    close() {},
    list: () => kept,
  };
}

export function isMemoryMailbox(transport: MailTransport | undefined): transport is MemoryMailbox {
  return transport !== undefined && 'list' in transport;
}
