-- A link either invites (a new account's first password) or resets a forgotten password.
ALTER TABLE "user_invitations" ADD COLUMN "purpose" text DEFAULT 'invitation' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_purpose_check" CHECK ("user_invitations"."purpose" in ('invitation', 'password_reset'));