-- Outbound webhooks (issue 31, decision 0029): a brand's endpoints, the outbox of messages written in the change's own
-- transaction (webhook_enqueue, db/functions/webhooks.sql), and the log of each delivery attempt.
CREATE TABLE "webhook_endpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events_not_empty" CHECK (cardinality("events") > 0),
	CONSTRAINT "webhook_endpoints_disabled_reason_known" CHECK ("disabled_reason" is null or "disabled_reason" in ('manual', 'failures'))
);--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- webhook_enqueue's one lookup: a brand's enabled endpoints (a brand without any reads one empty index page).
CREATE INDEX "webhook_endpoints_brand_enabled_idx" ON "webhook_endpoints" USING btree ("brand_id") WHERE "webhook_endpoints"."enabled";--> statement-breakpoint
CREATE INDEX "webhook_endpoints_brand_idx" ON "webhook_endpoints" USING btree ("brand_id","id");--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"endpoint_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"ordering_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"replay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_messages_status_known" CHECK ("status" in ('pending', 'sending', 'delivered', 'failed'))
);--> statement-breakpoint
-- No foreign keys here: a message is written by the submit hot path, and a key's check would take a KEY SHARE lock on
-- the brand's and the endpoint's row for every event — every concurrent submit of the brand locking the same two rows
-- (decision 0008 §13 keeps engine rows off the brand row for the same reason). Deleting an endpoint deletes its messages
-- (modules/webhooks); brands are not deleted.
-- The dispatcher's claim: an enabled endpoint's open messages in order, and the earlier open message of the same
-- ordering key.
CREATE INDEX "webhook_messages_open_idx" ON "webhook_messages" USING btree ("endpoint_id","id") WHERE "webhook_messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_messages_order_idx" ON "webhook_messages" USING btree ("endpoint_id","ordering_key","id") WHERE "webhook_messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"endpoint_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"duration_ms" integer NOT NULL,
	"replay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id","id");
--> statement-breakpoint
-- The event triggers. Their functions' bodies are db/functions/webhooks.sql (applied after the migrations); these stubs
-- only let the triggers be created here, and do nothing until the source file replaces them.
CREATE OR REPLACE FUNCTION webhook_campaign_launched() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_campaign_ended() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_completion_created() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_completion_settled() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_unlock_issued() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_invoice_closed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER campaigns_webhook_launched AFTER UPDATE OF status ON "campaigns" FOR EACH ROW
  WHEN (NEW.status = 'active' AND OLD.status IS DISTINCT FROM 'active') EXECUTE FUNCTION webhook_campaign_launched();--> statement-breakpoint
CREATE TRIGGER campaign_audit_webhook_ended AFTER INSERT ON "campaign_audit" FOR EACH ROW
  WHEN (NEW.action IN ('end', 'scheduler.end', 'engine.codes_over', 'engine.budget_over')) EXECUTE FUNCTION webhook_campaign_ended();--> statement-breakpoint
CREATE TRIGGER completions_webhook_created AFTER INSERT ON "completions" FOR EACH ROW EXECUTE FUNCTION webhook_completion_created();--> statement-breakpoint
CREATE TRIGGER completions_webhook_settled AFTER UPDATE OF status ON "completions" FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status IN ('accepted', 'rejected')) EXECUTE FUNCTION webhook_completion_settled();--> statement-breakpoint
CREATE TRIGGER reward_unlocks_webhook_issued AFTER INSERT ON "reward_unlocks" FOR EACH ROW EXECUTE FUNCTION webhook_unlock_issued();--> statement-breakpoint
CREATE TRIGGER invoices_webhook_closed AFTER UPDATE OF closed_at ON "invoices" FOR EACH ROW
  WHEN (OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL) EXECUTE FUNCTION webhook_invoice_closed();
