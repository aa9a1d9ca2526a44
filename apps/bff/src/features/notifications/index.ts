// What the notifications feature offers the other features; they import nothing else of it (lint).
export { createNotificationsRouter } from './notificationsRouter.js';
