-- Issue 45: pickups that come back by themselves. A card saved at the provider with the resident's consent
-- (only its brand, last four digits and expiry are kept here), a plan repeating a booked pickup every 4 or 8
-- weeks, and one row per plan and cycle: the primary key makes each cycle booked and charged once.
CREATE TABLE `saved_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`payment_method_id` text NOT NULL,
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`consented_at` integer NOT NULL,
	`consent_language` text NOT NULL DEFAULT 'fr',
	`detached_at` integer,
	`created_at` integer NOT NULL DEFAULT (cast(unixepoch('subsec') * 1000 as integer))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_cards_method_uq` ON `saved_cards` (`provider`, `payment_method_id`);
--> statement-breakpoint
CREATE INDEX `saved_cards_user_idx` ON `saved_cards` (`user_id`);
--> statement-breakpoint
CREATE TABLE `pickup_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`),
	`origin_pickup_id` integer NOT NULL REFERENCES `pickup_requests`(`id`),
	`interval_weeks` integer NOT NULL CHECK (`interval_weeks` IN (4, 8)),
	`bag_count` integer NOT NULL CHECK (`bag_count` IN (1, 2, 4)),
	`window` text NOT NULL CHECK (`window` IN ('morning', 'afternoon')),
	`saved_card_id` integer REFERENCES `saved_cards`(`id`),
	`status` text NOT NULL DEFAULT 'active' CHECK (`status` IN ('active', 'paused', 'stopped', 'payment_needed')),
	`anchor_date` text NOT NULL,
	`paused_until` text,
	`skip_date` text,
	`pause_reason` text,
	`stopped_at` integer,
	`created_at` integer NOT NULL DEFAULT (cast(unixepoch('subsec') * 1000 as integer)),
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_plans_origin_uq` ON `pickup_plans` (`origin_pickup_id`);
--> statement-breakpoint
CREATE INDEX `pickup_plans_user_idx` ON `pickup_plans` (`user_id`);
--> statement-breakpoint
CREATE INDEX `pickup_plans_status_idx` ON `pickup_plans` (`status`);
--> statement-breakpoint
CREATE TABLE `plan_cycles` (
	`plan_id` integer NOT NULL REFERENCES `pickup_plans`(`id`),
	`cycle_date` text NOT NULL,
	`status` text NOT NULL CHECK (`status` IN ('charging', 'booked', 'payment_needed', 'released', 'skipped', 'failed')),
	`pickup_request_id` integer REFERENCES `pickup_requests`(`id`),
	`payment_id` integer REFERENCES `payments`(`id`),
	`idempotency_key` text NOT NULL,
	`provider_payment_id` text,
	`failure_code` text,
	`hold_expires_at` integer,
	`created_at` integer NOT NULL DEFAULT (cast(unixepoch('subsec') * 1000 as integer)),
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`plan_id`, `cycle_date`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_cycles_key_uq` ON `plan_cycles` (`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `plan_cycles_status_idx` ON `plan_cycles` (`status`);
--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `plan_id` integer REFERENCES `pickup_plans`(`id`);
--> statement-breakpoint
CREATE INDEX `pickup_requests_plan_idx` ON `pickup_requests` (`plan_id`);
