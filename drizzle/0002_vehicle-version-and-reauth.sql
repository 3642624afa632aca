ALTER TABLE `login_challenges` ADD `purpose` text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `version` integer DEFAULT 1 NOT NULL;