ALTER TABLE `pickup_requests` ADD `missed_reason` text;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `stop_final_at` integer;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `remedy` text;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `remedy_at` integer;--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `rebook_of_id` integer REFERENCES `pickup_requests`(`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_requests_rebook_of_unique` ON `pickup_requests` (`rebook_of_id`);--> statement-breakpoint
CREATE TABLE `stop_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pickup_id` integer NOT NULL,
	`action` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`actor_id` integer,
	`actor_role` text NOT NULL,
	`outbox_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`pickup_id`) REFERENCES `pickup_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stop_events_pickup_idx` ON `stop_events` (`pickup_id`,`id`);
