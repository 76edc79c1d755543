CREATE TYPE "public"."export_format" AS ENUM('csv', 'xlsx');--> statement-breakpoint
CREATE TYPE "public"."export_kind" AS ENUM('completions', 'codes', 'stores');--> statement-breakpoint
CREATE TYPE "public"."export_status" AS ENUM('queued', 'running', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."pos_import_status" AS ENUM('pending', 'merged', 'ignored');--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"user_id" text,
	"kind" "export_kind" NOT NULL,
	"format" "export_format" DEFAULT 'csv' NOT NULL,
	"status" "export_status" DEFAULT 'queued' NOT NULL,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"size_bytes" bigint,
	"error" text,
	"expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_imported_stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_imported_stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"ref_id" text NOT NULL,
	"name" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"status" "pos_import_status" DEFAULT 'pending' NOT NULL,
	"store_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_imported_stores" ADD CONSTRAINT "pos_imported_stores_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_imported_stores" ADD CONSTRAINT "pos_imported_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_imported_stores" ADD CONSTRAINT "pos_imported_stores_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_activity" ADD CONSTRAINT "store_activity_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_activity" ADD CONSTRAINT "store_activity_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_activity" ADD CONSTRAINT "store_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_brand_created_idx" ON "data_exports" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pos_imported_stores_brand_ref_uq" ON "pos_imported_stores" USING btree ("brand_id","ref_id");--> statement-breakpoint
CREATE INDEX "pos_imported_stores_brand_status_idx" ON "pos_imported_stores" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "pos_imported_stores_brand_name_idx" ON "pos_imported_stores" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "pos_imported_stores_pending_idx" ON "pos_imported_stores" USING btree ("brand_id","imported_at","id") WHERE "pos_imported_stores"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "store_activity_store_idx" ON "store_activity" USING btree ("store_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stores_brand_country_postal_idx" ON "stores" USING btree ("brand_id","country_code","postal_code");