CREATE TYPE "public"."promote_delivery_status" AS ENUM('queued', 'sent', 'failed', 'unsubscribed');--> statement-breakpoint
CREATE TABLE "promote_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promote_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"send_id" integer NOT NULL,
	"store_id" integer,
	"store_name" text NOT NULL,
	"email" text NOT NULL,
	"status" "promote_delivery_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promote_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promote_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promote_unsubscribes" (
	"brand_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promote_unsubscribes_brand_id_email_pk" PRIMARY KEY("brand_id","email")
);
--> statement-breakpoint
ALTER TABLE "promote_deliveries" ADD CONSTRAINT "promote_deliveries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_deliveries" ADD CONSTRAINT "promote_deliveries_send_id_promote_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."promote_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_deliveries" ADD CONSTRAINT "promote_deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_sends" ADD CONSTRAINT "promote_sends_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_sends" ADD CONSTRAINT "promote_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_sends" ADD CONSTRAINT "promote_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promote_unsubscribes" ADD CONSTRAINT "promote_unsubscribes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promote_deliveries_send_idx" ON "promote_deliveries" USING btree ("send_id","id");--> statement-breakpoint
CREATE INDEX "promote_deliveries_brand_created_idx" ON "promote_deliveries" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "promote_sends_campaign_idx" ON "promote_sends" USING btree ("campaign_id","id");