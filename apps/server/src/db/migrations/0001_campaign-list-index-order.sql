DROP INDEX "campaigns_brand_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_brand_status_created_idx";--> statement-breakpoint
CREATE INDEX "campaigns_brand_created_idx" ON "campaigns" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_brand_status_created_idx" ON "campaigns" USING btree ("brand_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);