// Nothing to copy yet: migrations are read from apps/server/drizzle at run time.
