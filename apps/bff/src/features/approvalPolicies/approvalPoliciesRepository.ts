import type { ApprovalPolicy } from '@payouts/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { approvalPolicyProposals, approvalPolicyVersions, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { insertAuditRows, type NewAuditRow } from '../audit/index.js';

export type PolicyVersionRow = typeof approvalPolicyVersions.$inferSelect;
export type PolicyProposalRow = typeof approvalPolicyProposals.$inferSelect;
export type NewPolicyProposalRow = typeof approvalPolicyProposals.$inferInsert;

export interface PolicyActor {
  id: string;
  email: string;
  name: string;
}

/**
 * What a locked pending proposal and the version in force turn into: the proposal's decision,
 * perhaps the next version, and the audit rows committed with them. Throwing (an AppError)
 * rolls everything back.
 */
export type PolicyDecision = (
  proposal: PolicyProposalRow,
  active: PolicyVersionRow,
) => {
  patch: Pick<
    Partial<PolicyProposalRow>,
    | 'status'
    | 'decidedBy'
    | 'decidedAt'
    | 'reason'
    | 'effectiveAt'
    | 'weakening'
    | 'cancelledBy'
    | 'cancelledAt'
  >;
  newVersion?: Omit<typeof approvalPolicyVersions.$inferInsert, 'version'>;
  audit: NewAuditRow[];
};

export type DecideResult =
  | { kind: 'decided'; proposal: PolicyProposalRow }
  | { kind: 'not_found' }
  /** Another version was made between the read and the write (the next version was taken). */
  | { kind: 'version_taken' }
  /** Another weakening change already waits to take effect. */
  | { kind: 'scheduled_exists' };

export interface ApprovalPoliciesRepository {
  /**
   * Version 1 unless one exists: `insert ... on conflict do nothing`, so two processes starting
   * at once on a new database make it once.
   */
  ensureInitial(policy: ApprovalPolicy, at: Date): Promise<void>;
  /** The version in force: the highest. */
  active(): Promise<PolicyVersionRow | undefined>;
  version(version: number): Promise<PolicyVersionRow | undefined>;
  pending(): Promise<PolicyProposalRow | undefined>;
  /** The approved weakening change waiting for its `effective_at`, if any. */
  scheduled(): Promise<PolicyProposalRow | undefined>;
  /** Decided proposals (approved or rejected), newest decision first. */
  decided(limit: number): Promise<PolicyProposalRow[]>;
  findProposal(id: string): Promise<PolicyProposalRow | undefined>;
  /**
   * Inserts a pending proposal built against the version in force (read in the same
   * transaction), with its audit rows; `pending_exists` when another one awaits a decision.
   */
  propose(
    build: (active: PolicyVersionRow) => { row: NewPolicyProposalRow; audit: NewAuditRow[] },
  ): Promise<{ kind: 'proposed'; proposal: PolicyProposalRow } | { kind: 'pending_exists' }>;
  /** Decides a proposal, locked `FOR UPDATE`: concurrent decisions take turns. */
  decide(id: string, decision: PolicyDecision): Promise<DecideResult>;
  actors(ids: (string | null)[]): Promise<Map<string, PolicyActor>>;
}

export function createApprovalPoliciesRepository(db: Database): ApprovalPoliciesRepository {
  const activeIn = async (tx: Pick<Database, 'select'>) => {
    const [row] = await tx
      .select()
      .from(approvalPolicyVersions)
      .orderBy(desc(approvalPolicyVersions.version))
      .limit(1);
    return row;
  };
  // Every created payout reads the policy in force: prepared once, not rebuilt per request.
  const activeQuery = db
    .select()
    .from(approvalPolicyVersions)
    .orderBy(desc(approvalPolicyVersions.version))
    .limit(1)
    .prepare('approval_policy_active');

  return {
    async ensureInitial(policy, at) {
      await db
        .insert(approvalPolicyVersions)
        .values({ version: 1, policy, activeSince: at })
        .onConflictDoNothing({ target: approvalPolicyVersions.version });
    },

    async active() {
      const [row] = await activeQuery.execute();
      return row;
    },

    async version(version) {
      const [row] = await db
        .select()
        .from(approvalPolicyVersions)
        .where(eq(approvalPolicyVersions.version, version));
      return row;
    },

    async pending() {
      const [row] = await db
        .select()
        .from(approvalPolicyProposals)
        .where(eq(approvalPolicyProposals.status, 'pending'));
      return row;
    },

    async scheduled() {
      const [row] = await db
        .select()
        .from(approvalPolicyProposals)
        .where(eq(approvalPolicyProposals.status, 'scheduled'));
      return row;
    },

    async decided(limit) {
      return db
        .select()
        .from(approvalPolicyProposals)
        .where(inArray(approvalPolicyProposals.status, ['approved', 'rejected']))
        .orderBy(desc(approvalPolicyProposals.decidedAt), desc(approvalPolicyProposals.id))
        .limit(limit);
    },

    async findProposal(id) {
      const [row] = await db
        .select()
        .from(approvalPolicyProposals)
        .where(eq(approvalPolicyProposals.id, id));
      return row;
    },

    async propose(build) {
      try {
        return await db.transaction(async (tx) => {
          const active = await activeIn(tx);
          if (!active) throw new Error('no approval policy version: ensureInitial was not run');
          const { row, audit } = build(active);
          const [proposal] = await tx.insert(approvalPolicyProposals).values(row).returning();
          if (!proposal) throw new Error('insert returned no row');
          await insertAuditRows(tx, audit);
          return { kind: 'proposed' as const, proposal };
        });
      } catch (error) {
        // The unique index decides, not an earlier lookup: two admins can both find none pending.
        if (isUniqueViolation(error, 'approval_policy_proposals_one_pending')) {
          return { kind: 'pending_exists' };
        }
        throw error;
      }
    },

    async decide(id, decision) {
      try {
        return await db.transaction(async (tx): Promise<DecideResult> => {
          const [proposal] = await tx
            .select()
            .from(approvalPolicyProposals)
            .where(eq(approvalPolicyProposals.id, id))
            .for('update');
          if (!proposal) return { kind: 'not_found' };
          const active = await activeIn(tx);
          if (!active) throw new Error('no approval policy version: ensureInitial was not run');
          const result = decision(proposal, active);
          const [decided] = await tx
            .update(approvalPolicyProposals)
            .set(result.patch)
            .where(eq(approvalPolicyProposals.id, id))
            .returning();
          if (result.newVersion) {
            await tx
              .insert(approvalPolicyVersions)
              .values({ ...result.newVersion, version: active.version + 1 });
          }
          await insertAuditRows(tx, result.audit);
          return { kind: 'decided', proposal: decided! };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'approval_policy_versions_pkey')) {
          return { kind: 'version_taken' };
        }
        if (isUniqueViolation(error, 'approval_policy_proposals_one_scheduled')) {
          return { kind: 'scheduled_exists' };
        }
        throw error;
      }
    },

    async actors(ids) {
      const unique = [...new Set(ids.filter((id): id is string => id !== null))];
      const out = new Map<string, PolicyActor>();
      if (unique.length === 0) return out;
      const rows = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(inArray(users.id, unique));
      for (const row of rows) out.set(row.id, row);
      return out;
    },
  };
}
