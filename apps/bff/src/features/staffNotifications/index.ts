// What the staffNotifications feature offers the other features; they import nothing else of it (lint).
export type { StaffNotifier } from './staffNotifier.js';
export type { BatchOutcome, PayoutOutcome, PayoutOutcomeFacts } from './notificationTexts.js';
export { mailSafe, quotedUserText, type MailText } from './notificationTexts.js';
export {
  createSmtpTransport,
  describeMailError,
  type MailTransport,
  type OutgoingMail,
} from './mailTransport.js';
export {
  createMemoryMailbox,
  isMemoryMailbox,
  type KeptMail,
  type MemoryMailbox,
} from './memoryMailbox.js';
