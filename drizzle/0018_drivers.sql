CREATE TABLE `driver_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`driver_file_id` integer NOT NULL,
	`blob_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by_user_id` integer,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`driver_file_id`) REFERENCES `driver_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `driver_documents_company_idx` ON `driver_documents` (`company_id`);--> statement-breakpoint
CREATE INDEX `driver_documents_file_idx` ON `driver_documents` (`driver_file_id`);--> statement-breakpoint
CREATE TABLE `driver_file_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`driver_file_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`item_date` text NOT NULL,
	`expiry_date` text,
	`note` text,
	`document_id` integer,
	`idempotency_key` text,
	`created_by_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`driver_file_id`) REFERENCES `driver_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `driver_documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "driver_file_items_kind_check" CHECK("kind" IN ('application', 'mvrHiring', 'previousEmployers', 'roadTest', 'medicalCertificate', 'mvrAnnual', 'annualReview', 'violationsList', 'clearinghouseQuery')),
	CONSTRAINT "driver_file_items_expiry_check" CHECK("expiry_date" IS NULL OR "expiry_date" >= "item_date")
);
--> statement-breakpoint
CREATE INDEX `driver_file_items_file_kind_idx` ON `driver_file_items` (`driver_file_id`,`kind`,`item_date`);--> statement-breakpoint
CREATE INDEX `driver_file_items_company_kind_idx` ON `driver_file_items` (`company_id`,`kind`,`expiry_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `driver_file_items_idempotency_unique` ON `driver_file_items` (`created_by_user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `driver_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`driver_user_id` integer NOT NULL,
	`hired_on` text,
	`employment_ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`driver_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `driver_files_company_driver_unique` ON `driver_files` (`company_id`,`driver_user_id`);--> statement-breakpoint
CREATE INDEX `driver_files_driver_idx` ON `driver_files` (`driver_user_id`);--> statement-breakpoint
CREATE INDEX `driver_files_company_ended_idx` ON `driver_files` (`company_id`,`employment_ended_at`);--> statement-breakpoint
CREATE TABLE `driver_tests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`driver_file_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`substance` text NOT NULL,
	`test_type` text NOT NULL,
	`test_date` text NOT NULL,
	`result` text NOT NULL,
	`collection_site` text,
	`note` text,
	`document_id` integer,
	`idempotency_key` text,
	`created_by_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`driver_file_id`) REFERENCES `driver_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `driver_documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "driver_tests_substance_check" CHECK("substance" IN ('drug', 'alcohol')),
	CONSTRAINT "driver_tests_type_check" CHECK("test_type" IN ('preEmployment', 'random', 'postAccident', 'reasonableSuspicion', 'returnToDuty', 'followUp')),
	CONSTRAINT "driver_tests_result_check" CHECK("result" IN ('negative', 'positive', 'refusal'))
);
--> statement-breakpoint
CREATE INDEX `driver_tests_file_date_idx` ON `driver_tests` (`driver_file_id`,`test_date`);--> statement-breakpoint
CREATE INDEX `driver_tests_company_result_date_idx` ON `driver_tests` (`company_id`,`result`,`test_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `driver_tests_idempotency_unique` ON `driver_tests` (`created_by_user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `duty_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`driver_user_id` integer NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`source` text NOT NULL,
	`note` text,
	`idempotency_key` text,
	`created_by_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`driver_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "duty_periods_status_check" CHECK("status" IN ('driving', 'onDuty', 'offDuty')),
	CONSTRAINT "duty_periods_source_check" CHECK("source" IN ('phone', 'preTrip', 'manager')),
	CONSTRAINT "duty_periods_order_check" CHECK("ended_at" IS NULL OR "ended_at" > "started_at")
);
--> statement-breakpoint
CREATE INDEX `duty_periods_company_driver_started_idx` ON `duty_periods` (`company_id`,`driver_user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `duty_periods_company_started_idx` ON `duty_periods` (`company_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `duty_periods_open_unique` ON `duty_periods` (`company_id`,`driver_user_id`) WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `duty_periods_idempotency_unique` ON `duty_periods` (`created_by_user_id`,`idempotency_key`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_retention_settings` (
	`company_id` integer NOT NULL,
	`record_type` text NOT NULL,
	`months` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_user_id` integer,
	PRIMARY KEY(`company_id`, `record_type`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "retention_settings_record_type_check" CHECK("record_type" IN ('preTrips', 'maintenance', 'annualInspections', 'leases', 'driverFiles', 'drugTestsNegative', 'drugTestsPositive', 'hoursOfService')),
	CONSTRAINT "retention_settings_months_check" CHECK("months" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_retention_settings`("company_id", "record_type", "months", "updated_at", "updated_by_user_id") SELECT "company_id", "record_type", "months", "updated_at", "updated_by_user_id" FROM `retention_settings`;--> statement-breakpoint
DROP TABLE `retention_settings`;--> statement-breakpoint
ALTER TABLE `__new_retention_settings` RENAME TO `retention_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `companies` ADD `expired_driver_pre_trip` text DEFAULT 'allow' NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `hos_cycle` text DEFAULT '60/7' NOT NULL;--> statement-breakpoint
CREATE TRIGGER `driver_documents_blob_delete` AFTER DELETE ON `driver_documents` BEGIN
  DELETE FROM `blob_chunks` WHERE `blob_id` = OLD.`blob_id`;
END;
