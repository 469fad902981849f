CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at" timestamp (3) with time zone NOT NULL
);
