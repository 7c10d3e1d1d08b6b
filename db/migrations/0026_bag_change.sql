-- Issue 45 part 5: a bag more or less on a booked pickup. A bag change that costs more is a second payment
-- of the same pickup: pickup_requests.payment_id stays the booking's one (unique), and the second payment
-- names its pickup here with its purpose ("bag_change"), so the reconcile never books it as a lost booking.
ALTER TABLE `payments` ADD `pickup_request_id` integer REFERENCES `pickup_requests`(`id`);
--> statement-breakpoint
ALTER TABLE `payments` ADD `purpose` text;
--> statement-breakpoint
CREATE INDEX `payments_pickup_request_idx` ON `payments` (`pickup_request_id`);
