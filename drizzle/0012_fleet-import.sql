-- Decision 076: a fleet CSV upload between its preview and its import.
CREATE TABLE `fleet_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'staged' NOT NULL,
	`total_rows` integer NOT NULL,
	`valid_rows` integer NOT NULL,
	`problem_rows` integer NOT NULL,
	`imported_count` integer,
	`preview` text NOT NULL,
	`created_at` integer NOT NULL,
	`imported_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fleet_imports_status_check" CHECK("status" IN ('staged', 'imported'))
);
--> statement-breakpoint
CREATE INDEX `fleet_imports_company_idx` ON `fleet_imports` (`company_id`,`created_at`);
