// What the staffNotifications feature offers the other features; they import nothing else of it (lint).
export type { StaffNotifier } from './staffNotifier.js';
export type { BatchOutcome, PayoutOutcome, PayoutOutcomeFacts } from './notificationTexts.js';
