CREATE TABLE "funnel_hours" (
	"hour" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "funnel_hours_hour_step_pk" PRIMARY KEY("hour","step")
);
--> statement-breakpoint
CREATE TABLE "funnel_seen" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "funnel_seen_day_step_key_pk" PRIMARY KEY("day","step","key")
);
