-- Issue 32, part 4: the resident's customer at each payment provider (a Stripe Customer, or the simulated
-- provider's stable cus_sim_ id), created once and kept; every PaymentIntent and hosted session is attached to it.
CREATE TABLE `payment_customers` (
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `simulated_intents` ADD `customer_id` text;
