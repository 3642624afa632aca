CREATE TABLE `emergency_exit_check_items` (
	`check_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`status` integer NOT NULL,
	`comments` text,
	PRIMARY KEY(`check_id`, `item_key`),
	FOREIGN KEY (`check_id`) REFERENCES `emergency_exit_checks`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "emergency_exit_check_items_status_check" CHECK("status" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE `emergency_exit_check_signatures` (
	`check_id` integer PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	FOREIGN KEY (`check_id`) REFERENCES `emergency_exit_checks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `emergency_exit_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`filer_role` text NOT NULL,
	`inspector_user_id` integer,
	`inspector_name` text NOT NULL,
	`check_date` text NOT NULL,
	`is_satisfactory` integer NOT NULL,
	`signature_name` text,
	`idempotency_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`inspector_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "emergency_exit_checks_filer_role_check" CHECK("filer_role" IN ('Mechanic', 'Driver'))
);
--> statement-breakpoint
CREATE INDEX `emergency_exit_checks_vehicle_date_idx` ON `emergency_exit_checks` (`vehicle_id`,`check_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `emergency_exit_checks_idempotency_unique` ON `emergency_exit_checks` (`inspector_user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `lease_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`assignment_id` integer NOT NULL,
	`request_id` integer,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`operator_company_id` integer NOT NULL,
	`text_version` text NOT NULL,
	`owner_name` text NOT NULL,
	`owner_address` text,
	`operator_name` text NOT NULL,
	`operator_address` text,
	`vehicle_identifier` text NOT NULL,
	`vin` text NOT NULL,
	`license_plate` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`assignment_id`) REFERENCES `operator_assignments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`request_id`) REFERENCES `vehicle_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`operator_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lease_agreements_assignment_unique` ON `lease_agreements` (`assignment_id`);--> statement-breakpoint
CREATE INDEX `lease_agreements_vehicle_start_idx` ON `lease_agreements` (`vehicle_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `lease_agreements_owner_idx` ON `lease_agreements` (`owner_company_id`);--> statement-breakpoint
CREATE INDEX `lease_agreements_operator_idx` ON `lease_agreements` (`operator_company_id`);--> statement-breakpoint
CREATE TABLE `lease_signatures` (
	`lease_id` integer NOT NULL,
	`side` text NOT NULL,
	`signer_user_id` integer,
	`signer_name` text NOT NULL,
	`signed_at` integer NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	PRIMARY KEY(`lease_id`, `side`),
	FOREIGN KEY (`lease_id`) REFERENCES `lease_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lease_signatures_side_check" CHECK("side" IN ('Owner', 'Operator'))
);
--> statement-breakpoint
CREATE TABLE `retention_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`record_type` text NOT NULL,
	`removed` integer NOT NULL,
	`before` text NOT NULL,
	`ran_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `retention_removals_company_ran_idx` ON `retention_removals` (`company_id`,`ran_at`);--> statement-breakpoint
CREATE TABLE `retention_settings` (
	`company_id` integer NOT NULL,
	`record_type` text NOT NULL,
	`months` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_user_id` integer,
	PRIMARY KEY(`company_id`, `record_type`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "retention_settings_record_type_check" CHECK("record_type" IN ('preTrips', 'maintenance', 'annualInspections', 'leases')),
	CONSTRAINT "retention_settings_months_check" CHECK("months" > 0)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `inspector_qualification` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `address` text;--> statement-breakpoint
ALTER TABLE `inspections` ADD `is_annual` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `inspections` ADD `inspector_qualification` text;--> statement-breakpoint
CREATE INDEX `inspections_vehicle_annual_idx` ON `inspections` (`vehicle_id`,`inspection_date`) WHERE "is_annual" = 1;--> statement-breakpoint
ALTER TABLE `repair_actions` ADD `inspection_id` integer REFERENCES inspections(id);--> statement-breakpoint
ALTER TABLE `repair_actions` ADD `emergency_exit_check_id` integer REFERENCES emergency_exit_checks(id);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_actions_inspection_unique` ON `repair_actions` (`inspection_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_actions_emergency_exit_check_unique` ON `repair_actions` (`emergency_exit_check_id`);