-- Issue 34 (Law 25): when an account was last used and warned before its retention runs out, when it was
-- deleted (its row is then a numbered tombstone with no personal field, so the pickups and payments kept
-- for tax records still point somewhere), what each session was seen with, and the register of
-- confidentiality incidents.
ALTER TABLE `users` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `inactivity_warned_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
CREATE TABLE `privacy_incidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`occurred_on` text NOT NULL,
	`discovered_on` text NOT NULL,
	`description` text NOT NULL,
	`residents_affected` integer NOT NULL,
	`serious_risk` integer NOT NULL,
	`commission_notified` integer NOT NULL,
	`residents_notified` integer NOT NULL,
	`measures` text DEFAULT '' NOT NULL,
	`recorded_by` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
