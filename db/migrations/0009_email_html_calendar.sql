ALTER TABLE `email_outbox` ADD `attachments` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_calendar_token_unique` ON `users` (`calendar_token`);--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `email_confirmation_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_confirmation_tokens_token_hash_unique` ON `email_confirmation_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_confirmation_tokens_user_idx` ON `email_confirmation_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `pickup_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`pickup_request_id` integer NOT NULL,
	`type` text NOT NULL,
	`date` text NOT NULL,
	`window` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pickup_request_id`) REFERENCES `pickup_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_notifications_user_idx` ON `pickup_notifications` (`user_id`,`created_at`);--> statement-breakpoint
-- Hand-written below: the pickups booked before this migration get their "confirmed" entry (with the date
-- they have now: what they said before is not known), their last move and their cancellation.
INSERT INTO `pickup_notifications` (`user_id`, `pickup_request_id`, `type`, `date`, `window`, `created_at`)
SELECT p.`user_id`, p.`id`, 'confirmed', s.`date`, s.`window`, p.`created_at`
FROM `pickup_requests` p JOIN `pickup_slots` s ON s.`id` = p.`pickup_slot_id`;
--> statement-breakpoint
INSERT INTO `pickup_notifications` (`user_id`, `pickup_request_id`, `type`, `date`, `window`, `created_at`)
SELECT p.`user_id`, p.`id`, 'moved', s.`date`, s.`window`, p.`modified_at`
FROM `pickup_requests` p JOIN `pickup_slots` s ON s.`id` = p.`pickup_slot_id` WHERE p.`modified_at` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `pickup_notifications` (`user_id`, `pickup_request_id`, `type`, `date`, `window`, `created_at`)
SELECT p.`user_id`, p.`id`, 'cancelled', s.`date`, s.`window`, p.`cancelled_at`
FROM `pickup_requests` p JOIN `pickup_slots` s ON s.`id` = p.`pickup_slot_id` WHERE p.`cancelled_at` IS NOT NULL;
