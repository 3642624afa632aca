CREATE TABLE `license_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `license_types_name_unique` ON `license_types` (`name`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);--> statement-breakpoint
CREATE TABLE `user_licenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`license_type_id` integer NOT NULL,
	`license_number` text NOT NULL,
	`state` text,
	`expiry_date` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`license_type_id`) REFERENCES `license_types`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `user_licenses_user_id_idx` ON `user_licenses` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_photos` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`password_hash` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`date_of_birth` text,
	`gender` integer DEFAULT 3 NOT NULL,
	`phone_number` text,
	`country_code` text DEFAULT 'US' NOT NULL,
	`comes_from_state` text,
	`personal_identifier` text NOT NULL,
	`two_factor_type` integer DEFAULT 1 NOT NULL,
	`totp_secret` text,
	`totp_last_used_step` integer,
	`first_login_completed_at` integer,
	`failed_login_count` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	CONSTRAINT "users_email_lower_case" CHECK("email" = lower("email")),
	CONSTRAINT "users_gender_check" CHECK("gender" IN (0, 1, 2, 3)),
	CONSTRAINT "users_two_factor_type_check" CHECK("two_factor_type" IN (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_personal_identifier_unique` ON `users` (`personal_identifier`);--> statement-breakpoint
CREATE TABLE `api_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_sessions_user_id_idx` ON `api_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `external_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "external_identities_provider_check" CHECK("provider" IN ('google', 'apple'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_identities_provider_subject_unique` ON `external_identities` (`provider`,`subject`);--> statement-breakpoint
CREATE INDEX `external_identities_user_id_idx` ON `external_identities` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`password_verified_at` integer,
	`email_code_hash` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`consumed_at` integer,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_challenges_user_id_idx` ON `login_challenges` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_id_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `api_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_id_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `web_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`revoked_at` integer,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `web_sessions_user_id_idx` ON `web_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`repair_shop_company_id` integer,
	`created_at` integer NOT NULL,
	`created_by_user_id` integer,
	FOREIGN KEY (`repair_shop_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_code_unique` ON `companies` (`code`);--> statement-breakpoint
CREATE TABLE `company_types` (
	`company_id` integer NOT NULL,
	`type` text NOT NULL,
	PRIMARY KEY(`company_id`, `type`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "company_types_type_check" CHECK("type" IN ('Owner', 'Operator', 'RepairShop'))
);
--> statement-breakpoint
CREATE INDEX `company_types_type_idx` ON `company_types` (`type`);--> statement-breakpoint
CREATE TABLE `join_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`requested_at` integer NOT NULL,
	`answered_at` integer,
	`answered_by_user_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`answered_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "join_requests_status_check" CHECK("status" IN ('Pending', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
CREATE INDEX `join_requests_company_status_idx` ON `join_requests` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `join_requests_user_id_idx` ON `join_requests` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `join_requests_pending_unique` ON `join_requests` (`user_id`,`company_id`,`role_id`) WHERE "status" = 'Pending';--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_user_company_role_unique` ON `memberships` (`user_id`,`company_id`,`role_id`);--> statement-breakpoint
CREATE INDEX `memberships_company_role_idx` ON `memberships` (`company_id`,`role_id`);--> statement-breakpoint
CREATE TABLE `document_contents` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `vehicle_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vehicle_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by_user_id` integer,
	`uploaded_by_name` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `vehicle_documents_vehicle_active_idx` ON `vehicle_documents` (`vehicle_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `vehicle_images` (
	`vehicle_id` integer PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	`width` integer,
	`height` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`owner_company_id` integer NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`vin` text NOT NULL,
	`year_build` integer,
	`manufacture_date` text,
	`insurance_value` real,
	`insurance_expiry` text,
	`sell_value` real,
	`title_hire` text,
	`fuel_type` integer DEFAULT 99 NOT NULL,
	`powertrain_type` integer,
	`tire_size` text,
	`transmission_type` integer,
	`length_unit` text,
	`length` real,
	`width` real,
	`height` real,
	`weight_class` text,
	`color` text,
	`body_manufacturer` text,
	`ada_compliant` integer DEFAULT false NOT NULL,
	`turning_radius` real,
	`gps` integer DEFAULT false NOT NULL,
	`drive_cam` integer DEFAULT false NOT NULL,
	`backup_cam` integer DEFAULT false NOT NULL,
	`emergency_exits` integer,
	`fire_extinguishers` integer,
	`first_aid_kit` integer DEFAULT false NOT NULL,
	`seat_configuration` text,
	`number_of_seats` integer,
	`seatbelts` integer DEFAULT false NOT NULL,
	`copilot_seat` integer DEFAULT false NOT NULL,
	`luggage_option` text,
	`destination_signs` integer DEFAULT false NOT NULL,
	`entertainment_system` integer DEFAULT false NOT NULL,
	`usb_charging_ports` integer,
	`air_conditioning` integer DEFAULT false NOT NULL,
	`vehicle_identifier` text NOT NULL,
	`license_plate` text NOT NULL,
	`license_expiry` text,
	`next_inspection` text,
	`odometer` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`archived_at` integer,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "vehicles_fuel_type_check" CHECK("fuel_type" IN (99, 0, 1, 2, 3, 4, 5)),
	CONSTRAINT "vehicles_transmission_type_check" CHECK("transmission_type" IN (0, 1, 2, 3)),
	CONSTRAINT "vehicles_powertrain_type_check" CHECK("powertrain_type" IN (0, 1, 2, 3)),
	CONSTRAINT "vehicles_length_unit_check" CHECK("length_unit" IN ('ft', 'm'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_key_unique` ON `vehicles` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_vehicle_identifier_unique` ON `vehicles` (`vehicle_identifier`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_vin_active_unique` ON `vehicles` (`vin`) WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX `vehicles_owner_archived_idx` ON `vehicles` (`owner_company_id`,`archived_at`);--> statement-breakpoint
CREATE INDEX `vehicles_owner_make_model_idx` ON `vehicles` (`owner_company_id`,`make`,`model`);--> statement-breakpoint
CREATE TABLE `operator_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`operator_company_id` integer NOT NULL,
	`request_id` integer,
	`start_date` text NOT NULL,
	`end_date` text,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `vehicle_requests`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "operator_assignments_dates_check" CHECK("end_date" IS NULL OR "end_date" >= "start_date")
);
--> statement-breakpoint
CREATE INDEX `operator_assignments_vehicle_start_idx` ON `operator_assignments` (`vehicle_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `operator_assignments_operator_idx` ON `operator_assignments` (`operator_company_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `operator_assignments_request_unique` ON `operator_assignments` (`request_id`);--> statement-breakpoint
CREATE TABLE `vehicle_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`operator_company_id` integer NOT NULL,
	`requested_by_user_id` integer,
	`status` text DEFAULT 'Pending' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`message` text,
	`requested_at` integer NOT NULL,
	`responded_at` integer,
	`responded_by_user_id` integer,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`responded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vehicle_requests_status_check" CHECK("status" IN ('Pending', 'Approved', 'Rejected', 'Cancelled')),
	CONSTRAINT "vehicle_requests_dates_check" CHECK("end_date" IS NULL OR "end_date" >= "start_date")
);
--> statement-breakpoint
CREATE INDEX `vehicle_requests_operator_requested_idx` ON `vehicle_requests` (`operator_company_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `vehicle_requests_owner_status_idx` ON `vehicle_requests` (`owner_company_id`,`status`);--> statement-breakpoint
CREATE INDEX `vehicle_requests_vehicle_id_idx` ON `vehicle_requests` (`vehicle_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicle_requests_pending_unique` ON `vehicle_requests` (`vehicle_id`,`operator_company_id`) WHERE "status" = 'Pending';--> statement-breakpoint
CREATE TABLE `inspection_items` (
	`inspection_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`status` integer NOT NULL,
	`comments` text,
	PRIMARY KEY(`inspection_id`, `item_key`),
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "inspection_items_status_check" CHECK("status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE `inspection_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inspection_id` integer NOT NULL,
	`name` text NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inspection_photos_inspection_idx` ON `inspection_photos` (`inspection_id`);--> statement-breakpoint
CREATE TABLE `inspection_signatures` (
	`inspection_id` integer PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`inspector_user_id` integer,
	`inspector_name` text NOT NULL,
	`inspection_date` text NOT NULL,
	`is_satisfactory` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`inspector_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inspections_vehicle_date_idx` ON `inspections` (`vehicle_id`,`inspection_date`);--> statement-breakpoint
CREATE INDEX `inspections_inspector_date_idx` ON `inspections` (`inspector_user_id`,`inspection_date`);--> statement-breakpoint
CREATE TABLE `pre_inspection_answers` (
	`pre_inspection_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`defective` integer NOT NULL,
	PRIMARY KEY(`pre_inspection_id`, `item_key`),
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pre_inspection_images` (
	`pre_inspection_id` integer NOT NULL,
	`kind` text NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	PRIMARY KEY(`pre_inspection_id`, `kind`),
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pre_inspection_images_kind_check" CHECK("kind" IN ('signature', 'front', 'rear', 'rightSide', 'leftSide'))
);
--> statement-breakpoint
CREATE TABLE `pre_inspection_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pre_inspection_id` integer NOT NULL,
	`name` text NOT NULL,
	`content` blob NOT NULL,
	`content_type` text NOT NULL,
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pre_inspection_photos_pre_inspection_idx` ON `pre_inspection_photos` (`pre_inspection_id`);--> statement-breakpoint
CREATE TABLE `pre_inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`operator_company_id` integer NOT NULL,
	`driver_user_id` integer,
	`driver_name` text NOT NULL,
	`date` text NOT NULL,
	`time_in` integer NOT NULL,
	`time_out` integer,
	`odometer_start` integer NOT NULL,
	`odometer_end` integer,
	`comments` text,
	`is_satisfactory` integer NOT NULL,
	`defects_corrected` integer DEFAULT false NOT NULL,
	`defects_need_correction` integer DEFAULT false NOT NULL,
	`damage_front` text,
	`damage_rear` text,
	`damage_right_side` text,
	`damage_left_side` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`operator_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`driver_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pre_inspections_odometer_check" CHECK("odometer_end" IS NULL OR "odometer_end" >= "odometer_start")
);
--> statement-breakpoint
CREATE INDEX `pre_inspections_vehicle_date_idx` ON `pre_inspections` (`vehicle_id`,`date`);--> statement-breakpoint
CREATE INDEX `pre_inspections_driver_date_idx` ON `pre_inspections` (`driver_user_id`,`date`);--> statement-breakpoint
CREATE INDEX `pre_inspections_operator_date_idx` ON `pre_inspections` (`operator_company_id`,`date`);--> statement-breakpoint
CREATE TABLE `repair_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_identifier` text NOT NULL,
	`pre_inspection_id` integer,
	`vehicle_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`repair_company_id` integer,
	`comments` text,
	`created_at` integer NOT NULL,
	`repaired_at` integer,
	`repaired_by_user_id` integer,
	`repaired_by_name` text,
	FOREIGN KEY (`pre_inspection_id`) REFERENCES `pre_inspections`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`repair_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`repaired_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repair_actions_repair_identifier_unique` ON `repair_actions` (`repair_identifier`);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_actions_pre_inspection_unique` ON `repair_actions` (`pre_inspection_id`);--> statement-breakpoint
CREATE INDEX `repair_actions_vehicle_idx` ON `repair_actions` (`vehicle_id`);--> statement-breakpoint
CREATE INDEX `repair_actions_repair_company_repaired_idx` ON `repair_actions` (`repair_company_id`,`repaired_at`);--> statement-breakpoint
CREATE INDEX `repair_actions_owner_company_idx` ON `repair_actions` (`owner_company_id`);--> statement-breakpoint
CREATE TABLE `repair_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_action_id` integer NOT NULL,
	`source_key` text,
	`name` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'Pending' NOT NULL,
	`completed_at` integer,
	`completed_by_user_id` integer,
	FOREIGN KEY (`repair_action_id`) REFERENCES `repair_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`completed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "repair_tasks_status_check" CHECK("status" IN ('Pending', 'Completed'))
);
--> statement-breakpoint
CREATE INDEX `repair_tasks_repair_action_idx` ON `repair_tasks` (`repair_action_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` integer,
	`company_id` integer,
	`action` text NOT NULL,
	`entity_type` text,
	`entity_id` text,
	`details` text,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_at_idx` ON `audit_log` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_at_idx` ON `audit_log` (`actor_user_id`,`at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_pending_idx` ON `mail_outbox` (`sent_at`,`next_attempt_at`);