// What the approvalPolicies feature offers the other features; they import nothing else of it (lint).
export type { ApprovalPoliciesService } from './approvalPoliciesService.js';
