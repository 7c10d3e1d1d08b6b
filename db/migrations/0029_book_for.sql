-- Issue 46 part 5: a resident who calls. An operator (an admin) may open the account for them (who and
-- when: users.created_by_id with users.created_at) and book a pickup for them (pickup_requests.booked_by_id).
-- The place is held while the resident pays through a link e-mailed (and texted) to them: one
-- phone_bookings row per held place, the link's token kept only as its hash, valid until hold_expires_at;
-- "held" (counted in pickup_slots.current_booked, no pickup yet), then "booked" (paid: its pickup) or
-- "released" (unpaid in time: the place given back, the resident told).
ALTER TABLE `users` ADD `created_by_id` integer REFERENCES `users`(`id`);
--> statement-breakpoint
ALTER TABLE `pickup_requests` ADD `booked_by_id` integer REFERENCES `users`(`id`);
--> statement-breakpoint
CREATE TABLE `phone_bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`operator_id` integer REFERENCES `users`(`id`),
	`slot_id` integer NOT NULL REFERENCES `pickup_slots`(`id`),
	`bags` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`token_hash` text NOT NULL,
	`status` text NOT NULL,
	`hold_expires_at` integer NOT NULL,
	`provider_payment_id` text,
	`pickup_request_id` integer REFERENCES `pickup_requests`(`id`),
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `phone_bookings_token_uq` ON `phone_bookings` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `phone_bookings_hold_idx` ON `phone_bookings` (`status`,`hold_expires_at`);
--> statement-breakpoint
CREATE INDEX `phone_bookings_user_idx` ON `phone_bookings` (`user_id`);
