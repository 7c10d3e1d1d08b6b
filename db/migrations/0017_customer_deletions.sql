-- Issue 43 part 5: a deleted account's customers at the payment providers (a Stripe Customer) are deleted
-- there too. The request is written in the deletion's own transaction (so it cannot be lost), the provider
-- is asked right after, and the daily retention job asks again until the provider has answered; then
-- `deleted_at` is set. No user id: the customer id is all that is left of the person here.
CREATE TABLE `customer_deletions` (
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`requested_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`deleted_at` integer,
	PRIMARY KEY(`provider`, `customer_id`)
);
--> statement-breakpoint
CREATE INDEX `customer_deletions_pending_idx` ON `customer_deletions` (`deleted_at`);
--> statement-breakpoint
-- What the simulated provider was asked to delete (as Stripe would delete the Customer): for tests and demos.
CREATE TABLE `simulated_deleted_customers` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
