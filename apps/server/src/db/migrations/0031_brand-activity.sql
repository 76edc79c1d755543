CREATE TABLE "brand_activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_label" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_activity_actor_kind" CHECK ("actor_kind" in ('user', 'api_key', 'operator', 'system'))
);--> statement-breakpoint
ALTER TABLE "brand_activity" ADD CONSTRAINT "brand_activity_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_activity_brand_idx" ON "brand_activity" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brand_activity_action_idx" ON "brand_activity" USING btree ("brand_id","action");--> statement-breakpoint
-- The log is append-only; the function's current body is db/functions/activity.sql.
CREATE OR REPLACE FUNCTION brand_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'brand_activity is append-only' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER brand_activity_append_only BEFORE UPDATE ON "brand_activity" FOR EACH ROW EXECUTE FUNCTION brand_activity_append_only();
