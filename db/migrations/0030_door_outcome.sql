-- Issue 47 part 1: at the door. A Completed stop records the bags the driver actually took (it may differ
-- from the bags booked: 0 to 10; null until a driver or admin records it, and for pickups completed before
-- this migration) and, optionally, the items refused and left behind, one row per pickup and item, with a
-- short note (200 characters at most) for "other" only.
ALTER TABLE `pickup_requests` ADD `bags_collected` integer CHECK (`bags_collected` BETWEEN 0 AND 10);
--> statement-breakpoint
CREATE TABLE `refused_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pickup_request_id` integer NOT NULL REFERENCES `pickup_requests`(`id`),
	`item` text NOT NULL CHECK (`item` IN ('propane', 'tires', 'car_battery', 'asbestos', 'sharps', 'garbage', 'other')),
	`note` text CHECK (`note` IS NULL OR (`item` = 'other' AND length(`note`) BETWEEN 1 AND 200)),
	`recorded_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`recorded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refused_items_pickup_item_uq` ON `refused_items` (`pickup_request_id`, `item`);
