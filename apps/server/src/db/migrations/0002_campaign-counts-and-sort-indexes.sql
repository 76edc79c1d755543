CREATE TABLE "campaign_counts" (
	"brand_id" text NOT NULL,
	"status" "campaign_status" NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_counts_brand_id_status_pk" PRIMARY KEY("brand_id","status")
);
--> statement-breakpoint
ALTER TABLE "campaign_counts" ADD CONSTRAINT "campaign_counts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_brand_name_idx" ON "campaigns" USING btree ("brand_id","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_status_name_idx" ON "campaigns" USING btree ("brand_id","status","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_start_idx" ON "campaigns" USING btree ("brand_id","start_date","id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_end_idx" ON "campaigns" USING btree ("brand_id","end_date","id");