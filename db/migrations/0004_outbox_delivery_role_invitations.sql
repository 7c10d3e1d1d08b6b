CREATE TABLE `role_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `role_invitations_token_hash_unique` ON `role_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `role_invitations_email_idx` ON `role_invitations` (`email`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `claim_token` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `claimed_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `origin` text;--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`sent_at`,`next_attempt_at`);