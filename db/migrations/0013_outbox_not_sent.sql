-- Issue 42 part 4: a message the app did not send, and why (a status of its own, never "sent"): texts
-- without a text provider (no TWILIO_* variables) are "no-text-provider". Settled: never claimed again.
ALTER TABLE `email_outbox` ADD `not_sent` text;--> statement-breakpoint
-- Texts that were only recorded before (the embedded provider marked them sent and kept their body;
-- a text Twilio took has its body erased): they were never sent.
UPDATE `email_outbox` SET `not_sent` = 'no-text-provider', `sent_at` = NULL, `next_attempt_at` = NULL
  WHERE `channel` = 'sms' AND `sent_at` IS NOT NULL AND `text` <> '';
