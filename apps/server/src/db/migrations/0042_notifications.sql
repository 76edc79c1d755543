-- Participant notifications (issue 30, decision 0026): the outbox the triggers write, the inbox, choices, push
-- subscriptions and deliveries. The trigger functions' current bodies are db/functions/notifications.sql.
CREATE TABLE "notification_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"subject_id" bigint,
	"participant" text,
	"fanned_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_events_kind_known" CHECK ("kind" in ('campaign-launched', 'reward-unlocked', 'entry-accepted', 'entry-rejected', 'prize-assigned', 'campaign-ending'))
);--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_campaign_brand_fk" FOREIGN KEY ("campaign_id","brand_id") REFERENCES "public"."campaigns"("id","brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_events_key_uq" ON "notification_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "notification_events_pending_idx" ON "notification_events" USING btree ("id") WHERE "notification_events"."fanned_out_at" is null;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"participant" text NOT NULL,
	"store_user_id" integer,
	"consumer_id" integer,
	"kind" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_one_participant" CHECK (("store_user_id" is null) <> ("consumer_id" is null))
);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_participant_uq" ON "notifications" USING btree ("event_id","participant");--> statement-breakpoint
CREATE INDEX "notifications_participant_idx" ON "notifications" USING btree ("participant","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_store_user_idx" ON "notifications" USING btree ("store_user_id") WHERE "notifications"."store_user_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_consumer_idx" ON "notifications" USING btree ("consumer_id") WHERE "notifications"."consumer_id" is not null;--> statement-breakpoint
CREATE TABLE "notification_choices" (
	"brand_id" text NOT NULL,
	"participant" text NOT NULL,
	"store_user_id" integer,
	"consumer_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_choices_participant_kind_channel_pk" PRIMARY KEY("participant","kind","channel"),
	CONSTRAINT "notification_choices_channel_known" CHECK ("channel" in ('push', 'mail'))
);--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_choices" ADD CONSTRAINT "notification_choices_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"participant" text NOT NULL,
	"store_user_id" integer,
	"consumer_id" integer,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_participant_idx" ON "push_subscriptions" USING btree ("participant");--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" text NOT NULL,
	"notification_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_channel_known" CHECK ("channel" in ('push', 'mail')),
	CONSTRAINT "notification_deliveries_status_known" CHECK ("status" in ('queued', 'sending', 'sent', 'failed', 'skipped'))
);--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_uq" ON "notification_deliveries" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_open_idx" ON "notification_deliveries" USING btree ("channel","id") WHERE "notification_deliveries"."status" in ('queued', 'sending');--> statement-breakpoint
-- The triggers' initial function bodies (the current ones: db/functions/notifications.sql).
CREATE OR REPLACE FUNCTION notify_campaign_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id)
  VALUES (NEW.brand_id, 'campaign-launched', 'launch:' || NEW.id, NEW.id)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_unlocks_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  SELECT i.brand_id,
         CASE WHEN i.status = 'assigned' THEN 'prize-assigned' ELSE 'reward-unlocked' END,
         CASE WHEN i.status = 'assigned' THEN 'prize:' ELSE 'unlock:' END || i.id,
         i.campaign_id, i.id,
         CASE WHEN i.store_user_id IS NOT NULL THEN 'u:' || i.store_user_id ELSE 'c:' || i.consumer_id END
    FROM issued i
   WHERE i.store_user_id IS NOT NULL OR i.consumer_id IS NOT NULL
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_prize_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.store_user_id IS NULL AND NEW.consumer_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  VALUES (NEW.brand_id, 'prize-assigned', 'prize:' || NEW.id, NEW.campaign_id, NEW.id,
          CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_entry_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.store_user_id IS NULL AND NEW.consumer_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO notification_events (brand_id, kind, event_key, campaign_id, subject_id, participant)
  VALUES (NEW.brand_id, CASE WHEN NEW.status = 'accepted' THEN 'entry-accepted' ELSE 'entry-rejected' END,
          'entry:' || NEW.id, NEW.campaign_id, NEW.id,
          CASE WHEN NEW.store_user_id IS NOT NULL THEN 'u:' || NEW.store_user_id ELSE 'c:' || NEW.consumer_id END)
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER campaigns_notify_active AFTER UPDATE OF status ON "campaigns" FOR EACH ROW
  WHEN (NEW.status = 'active' AND OLD.status IS DISTINCT FROM 'active') EXECUTE FUNCTION notify_campaign_active();--> statement-breakpoint
CREATE TRIGGER reward_unlocks_notify_issued AFTER INSERT ON "reward_unlocks" REFERENCING NEW TABLE AS issued
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unlocks_issued();--> statement-breakpoint
CREATE TRIGGER reward_unlocks_notify_assigned AFTER UPDATE OF status ON "reward_unlocks" FOR EACH ROW
  WHEN (NEW.status = 'assigned' AND OLD.status IS DISTINCT FROM 'assigned') EXECUTE FUNCTION notify_prize_assigned();--> statement-breakpoint
CREATE TRIGGER completions_notify_settled AFTER UPDATE OF status ON "completions" FOR EACH ROW
  WHEN (OLD.status = 'pending' AND NEW.status IN ('accepted', 'rejected')) EXECUTE FUNCTION notify_entry_settled();
