// What the staffNotifications feature offers the other features; they import nothing else of it (lint).
export type { StaffNotifier } from './staffNotifier.js';
export type { PayoutOutcome, PayoutOutcomeFacts } from './notificationTexts.js';
