CREATE TABLE `calendar_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_fetched_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_feeds_token_idx` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_user_idx` ON `calendar_feeds` (`user_id`,`revoked_at`);--> statement-breakpoint
CREATE TABLE `engine_hour_readings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`reading` real NOT NULL,
	`source` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`recorded_by_user_id` integer,
	`recorded_by_name` text,
	`pre_inspection_id` integer,
	`inspection_id` integer,
	`reason` text,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "engine_hour_readings_source_check" CHECK("source" IN ('preTrip', 'inspection', 'owner', 'correction', 'reset')),
	CONSTRAINT "engine_hour_readings_reading_check" CHECK("reading" >= 0)
);
--> statement-breakpoint
CREATE INDEX `engine_hour_readings_vehicle_idx` ON `engine_hour_readings` (`vehicle_id`,`id`);--> statement-breakpoint
CREATE TABLE `service_program_vehicles` (
	`program_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`joined_on` text NOT NULL,
	`join_life_miles` integer,
	`join_life_hours` real,
	PRIMARY KEY(`program_id`, `vehicle_id`),
	FOREIGN KEY (`program_id`) REFERENCES `service_programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "service_program_vehicles_kind_check" CHECK("kind" IN ('pick', 'rule'))
);
--> statement-breakpoint
CREATE INDEX `service_program_vehicles_vehicle_idx` ON `service_program_vehicles` (`vehicle_id`);--> statement-breakpoint
CREATE INDEX `service_program_vehicles_owner_idx` ON `service_program_vehicles` (`owner_company_id`,`vehicle_id`);--> statement-breakpoint
CREATE TABLE `service_programs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_company_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`rule` text,
	`template_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_programs_owner_idx` ON `service_programs` (`owner_company_id`,`name`);--> statement-breakpoint
CREATE TABLE `service_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_company_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`task_id` integer,
	`task_name` text NOT NULL,
	`program_name` text NOT NULL,
	`kind` text NOT NULL,
	`performed_on` text NOT NULL,
	`odometer` integer,
	`life_miles` integer,
	`engine_hours` real,
	`life_hours` real,
	`reading_source` text NOT NULL,
	`performed_by` text,
	`notes` text,
	`reason` text,
	`document_id` integer,
	`repair_action_id` integer,
	`recorded_by_user_id` integer,
	`recorded_by_name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `service_tasks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`document_id`) REFERENCES `vehicle_documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`repair_action_id`) REFERENCES `repair_actions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "service_records_kind_check" CHECK("kind" IN ('done', 'skipped')),
	CONSTRAINT "service_records_reading_source_check" CHECK("reading_source" IN ('entered', 'latest', 'none'))
);
--> statement-breakpoint
CREATE INDEX `service_records_vehicle_idx` ON `service_records` (`vehicle_id`,`performed_on`,`id`);--> statement-breakpoint
CREATE INDEX `service_records_owner_created_idx` ON `service_records` (`owner_company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `service_records_task_idx` ON `service_records` (`task_id`);--> statement-breakpoint
CREATE INDEX `service_records_repair_action_idx` ON `service_records` (`repair_action_id`);--> statement-breakpoint
CREATE TABLE `service_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`program_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`name` text NOT NULL,
	`checklist` text,
	`interval_days` integer,
	`interval_miles` integer,
	`interval_hours` integer,
	`soon_days` integer,
	`soon_miles` integer,
	`soon_hours` integer,
	`first_due_date` text,
	`first_due_miles` integer,
	`first_due_hours` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`program_id`) REFERENCES `service_programs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "service_tasks_interval_check" CHECK(coalesce("interval_days", "interval_miles", "interval_hours") IS NOT NULL),
	CONSTRAINT "service_tasks_interval_positive_check" CHECK(coalesce("interval_days", 1) > 0 AND coalesce("interval_miles", 1) > 0 AND coalesce("interval_hours", 1) > 0)
);
--> statement-breakpoint
CREATE INDEX `service_tasks_program_idx` ON `service_tasks` (`program_id`,`position`);--> statement-breakpoint
CREATE INDEX `service_tasks_owner_idx` ON `service_tasks` (`owner_company_id`);--> statement-breakpoint
CREATE TABLE `vehicle_service_last` (
	`vehicle_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`record_id` integer NOT NULL,
	`performed_on` text NOT NULL,
	`life_miles` integer,
	`life_hours` real,
	PRIMARY KEY(`vehicle_id`, `task_id`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `service_tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`record_id`) REFERENCES `service_records`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vehicle_service_last_task_idx` ON `vehicle_service_last` (`task_id`);--> statement-breakpoint
ALTER TABLE `vehicles` ADD `odometer_offset` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `engine_hours` real;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `engine_hours_offset` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `miles_per_day` real;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `hours_per_day` real;--> statement-breakpoint
ALTER TABLE `repair_actions` ADD `opened_for_service` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `repair_tasks` ADD `service_task_id` integer REFERENCES service_tasks(id);