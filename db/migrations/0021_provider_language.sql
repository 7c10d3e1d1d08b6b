-- Issue 43 part 3: the language the payment provider was told for a resident's Customer (Stripe's
-- preferred_locales, "fr-CA" or "en-CA"), so it is updated only when it changes; and the item name the
-- simulated provider was given for an intent, as Stripe keeps a PaymentIntent's description.
ALTER TABLE `payment_customers` ADD `preferred_locale` text;
--> statement-breakpoint
ALTER TABLE `simulated_intents` ADD `description` text;
