CREATE TABLE `idempotency_records` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`operation` text NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_records_created_idx` ON `idempotency_records` (`created_at`);