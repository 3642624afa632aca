-- Decision 062. Hand-written where drizzle-kit would rebuild `inspections` to add a CHECK: its
-- copy read the new columns from the old table, and dropping the old table would cascade-delete
-- inspection_items. Adding the columns in place keeps every row and its children.
ALTER TABLE `vehicles` ADD `qr_token` text;--> statement-breakpoint
UPDATE `vehicles` SET `qr_token` = lower(hex(randomblob(12))) WHERE `qr_token` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_qr_token_unique` ON `vehicles` (`qr_token`);--> statement-breakpoint
ALTER TABLE `inspections` ADD `review_status` text DEFAULT 'Applied' NOT NULL CONSTRAINT "inspections_review_status_check" CHECK("review_status" IN ('Applied', 'Pending', 'Accepted', 'Rejected'));--> statement-breakpoint
ALTER TABLE `inspections` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `inspections` ADD `reviewed_by_user_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `inspections` ADD `reviewed_by_name` text;
