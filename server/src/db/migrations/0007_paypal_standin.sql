CREATE TABLE "paypal_standin_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypal_standin_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"reference_id" text NOT NULL,
	"capture_id" text,
	"refunded_in_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_standin_orders_capture_id_unique" UNIQUE("capture_id"),
	CONSTRAINT "paypal_standin_orders_status_check" CHECK ("paypal_standin_orders"."status" in ('CREATED', 'APPROVED', 'COMPLETED')),
	CONSTRAINT "paypal_standin_orders_refund_check" CHECK ("paypal_standin_orders"."refunded_in_cents" between 0 and "paypal_standin_orders"."amount_in_cents")
);
