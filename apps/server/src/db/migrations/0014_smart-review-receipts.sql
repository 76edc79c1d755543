CREATE TYPE "public"."receipt_status" AS ENUM('queued', 'review', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"completion_id" bigint NOT NULL,
	"upload_id" text NOT NULL,
	"image_hash" text NOT NULL,
	"status" "receipt_status" DEFAULT 'queued' NOT NULL,
	"merchant" text,
	"merchant_key" text,
	"receipt_date" text,
	"receipt_number" text,
	"receipt_number_key" text,
	"subtotal_cents" bigint,
	"tax_cents" bigint,
	"total_cents" bigint,
	"total_confidence" text,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ocr_text" text,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scanned_at" timestamp with time zone,
	"fee_cents" bigint,
	"reviewer" text,
	"reviewer_id" text,
	"reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_completion_id_unique" UNIQUE("completion_id")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_completion_id_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."completions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_brand_status_idx" ON "receipts" USING btree ("brand_id","status","id");--> statement-breakpoint
CREATE INDEX "receipts_brand_hash_idx" ON "receipts" USING btree ("brand_id","image_hash");--> statement-breakpoint
CREATE INDEX "receipts_brand_number_idx" ON "receipts" USING btree ("brand_id","receipt_number_key");