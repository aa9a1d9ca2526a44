// What the approvals feature offers the other features; they import nothing else of it (lint).
export { createApprovalInbox } from './approvalInbox.js';
export { createApprovalsRepository } from './approvalsRepository.js';
export { createApprovalsRouter } from './approvalsRouter.js';
