CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`bags` integer NOT NULL,
	`slot_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `pickup_slots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `checkouts_user_idx` ON `checkouts` (`user_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `checkout_id` text REFERENCES checkouts(id);--> statement-breakpoint
CREATE INDEX `payments_checkout_idx` ON `payments` (`checkout_id`);--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `checkout_id` text REFERENCES checkouts(id);--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `refund_status` text;--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_requests_checkout_id_unique` ON `pickup_requests` (`checkout_id`);