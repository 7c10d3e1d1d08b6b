ALTER TABLE `email_outbox` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_code_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_code_expires_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_code_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `sms_stopped_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `reminders_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `reminder_channels` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alerts_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `day_after_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);--> statement-breakpoint
CREATE TABLE `reminder_sends` (
	`pickup_request_id` integer NOT NULL,
	`date` text NOT NULL,
	`channel` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`pickup_request_id`, `date`, `channel`),
	FOREIGN KEY (`pickup_request_id`) REFERENCES `pickup_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`admin_user_id` integer,
	`date` text NOT NULL,
	`window` text,
	`prefixes` text DEFAULT '[]' NOT NULL,
	`message_en` text NOT NULL,
	`message_fr` text NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_alerts_idempotency_key_unique` ON `service_alerts` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `service_alert_recipients` (
	`alert_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`alert_id`, `user_id`),
	FOREIGN KEY (`alert_id`) REFERENCES `service_alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_alert_recipients_user_idx` ON `service_alert_recipients` (`user_id`);
