-- Decision 074: the user's language. Hand-edited after `drizzle-kit generate --name user-locale`,
-- which rebuilt `users` (and its copy read a column that does not exist yet): a column is added
-- instead, with its CHECK on the column, so no table that refers to users is touched.
ALTER TABLE `users` ADD `locale` text DEFAULT 'en' NOT NULL CONSTRAINT "users_locale_check" CHECK("locale" IN ('en', 'es'));
