-- A participant's own settings in /play (issue 30, decision 0027). Store users' language is store_users.locale
-- (migration 0040); consumers get the same column here.
ALTER TABLE "store_users" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- Set when the person deleted their account: the row stays (completions, contest scores and ledger rows keep
-- pointing at it) with its name replaced and its email and password removed, so it is nobody's sign-in any more.
ALTER TABLE "store_users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consumers" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_locale" CHECK ("locale" in ('en', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "consumers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "consumers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- A deleted consumer keeps no address: the email may join the brand again as someone new.
ALTER TABLE "consumers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
-- A deleted account has no email: it can never sign in again (or be found by one).
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_deleted_no_email" CHECK ("deleted_at" is null or "email" is null);--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_deleted_no_email" CHECK ("deleted_at" is null or "email" is null);--> statement-breakpoint
-- A participant's change of email, proved by a six-digit code mailed to the new address (hashed here).
CREATE TABLE "play_email_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "play_email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"store_user_id" integer,
	"consumer_id" integer,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_email_changes_one_participant" CHECK (("store_user_id" is null) <> ("consumer_id" is null))
);--> statement-breakpoint
ALTER TABLE "play_email_changes" ADD CONSTRAINT "play_email_changes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_email_changes" ADD CONSTRAINT "play_email_changes_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_email_changes" ADD CONSTRAINT "play_email_changes_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_email_changes_user_idx" ON "play_email_changes" USING btree ("store_user_id","id") WHERE "store_user_id" is not null;--> statement-breakpoint
CREATE INDEX "play_email_changes_consumer_idx" ON "play_email_changes" USING btree ("consumer_id","id") WHERE "consumer_id" is not null;
