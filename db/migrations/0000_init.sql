CREATE TABLE `admin_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_user_id` integer NOT NULL,
	`action` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`kind` text NOT NULL,
	`locale` text NOT NULL,
	`sent_at` integer,
	`error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to_idx` ON `email_outbox` (`to`);--> statement-breakpoint
CREATE TABLE `materials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category` text NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`description_en` text NOT NULL,
	`description_fr` text NOT NULL,
	`preparation_note_en` text NOT NULL,
	`preparation_note_fr` text NOT NULL,
	`icon` text NOT NULL,
	`color` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `materials_category_unique` ON `materials` (`category`);--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` integer NOT NULL,
	`notification_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `notification_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'cad' NOT NULL,
	`status` text DEFAULT 'requires_payment' NOT NULL,
	`booking` text NOT NULL,
	`card_brand` text,
	`card_last4` text,
	`failure_code` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_id_unique` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE TABLE `pickup_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`confirmation_number` text NOT NULL,
	`user_id` integer NOT NULL,
	`pickup_slot_id` integer NOT NULL,
	`payment_id` integer,
	`bags_requested` integer NOT NULL,
	`list_price_cents` integer NOT NULL,
	`multi_bag_discount_cents` integer DEFAULT 0 NOT NULL,
	`service_fee_cents` integer DEFAULT 0 NOT NULL,
	`promo_discount_cents` integer DEFAULT 0 NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`gst_cents` integer NOT NULL,
	`qst_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`address` text NOT NULL,
	`postal_fsa` text NOT NULL,
	`status` text DEFAULT 'Scheduled' NOT NULL,
	`refund_cents` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pickup_slot_id`) REFERENCES `pickup_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_requests_confirmation_number_unique` ON `pickup_requests` (`confirmation_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_requests_payment_id_unique` ON `pickup_requests` (`payment_id`);--> statement-breakpoint
CREATE INDEX `pickup_requests_user_idx` ON `pickup_requests` (`user_id`);--> statement-breakpoint
CREATE INDEX `pickup_requests_slot_idx` ON `pickup_requests` (`pickup_slot_id`);--> statement-breakpoint
CREATE TABLE `pickup_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`window` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`max_capacity` integer NOT NULL,
	`current_booked` integer DEFAULT 0 NOT NULL,
	`service_areas` text DEFAULT '[]' NOT NULL,
	`closed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_slots_date_window_uq` ON `pickup_slots` (`date`,`window`);--> statement-breakpoint
CREATE INDEX `pickup_slots_starts_idx` ON `pickup_slots` (`starts_at`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent` integer DEFAULT 50 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`expires_at` integer NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code_unique` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE TABLE `promo_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promo_code_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`normalized_address` text NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`pickup_request_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pickup_request_id`) REFERENCES `pickup_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_redemptions_promo_code_id_unique` ON `promo_redemptions` (`promo_code_id`);--> statement-breakpoint
CREATE INDEX `promo_redemptions_address_idx` ON `promo_redemptions` (`normalized_address`);--> statement-breakpoint
CREATE TABLE `service_prefixes` (
	`fsa` text PRIMARY KEY NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `slot_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`weekday` integer NOT NULL,
	`window` text NOT NULL,
	`capacity` integer NOT NULL,
	`service_areas` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slot_templates_day_window_uq` ON `slot_templates` (`weekday`,`window`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'resident' NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`street_address` text DEFAULT '' NOT NULL,
	`unit` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`province` text DEFAULT 'QC' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`postal_fsa` text DEFAULT '' NOT NULL,
	`has_completed_onboarding` integer DEFAULT false NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`fsa` text NOT NULL,
	`reason` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_email_fsa_uq` ON `waitlist_entries` (`email`,`fsa`);