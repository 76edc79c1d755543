CREATE TYPE "public"."completion_status" AS ENUM('accepted', 'pending', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."unlock_status" AS ENUM('issued', 'awaiting_assignment', 'assigned');--> statement-breakpoint
CREATE TABLE "consumers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consumers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_scores" (
	"brand_id" text NOT NULL,
	"campaign_mission_id" integer NOT NULL,
	"store_user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"sales_amount_cents" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_scores_campaign_mission_id_store_user_id_pk" PRIMARY KEY("campaign_mission_id","store_user_id")
);
--> statement-breakpoint
CREATE TABLE "play_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"store_user_id" integer,
	"consumer_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_sessions_one_participant" CHECK (("play_sessions"."store_user_id" is null) <> ("play_sessions"."consumer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "play_sign_in_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "play_sign_in_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"join" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"participant_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_user_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_user_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"unlock_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_user_forms_unlock_id_unique" UNIQUE("unlock_id")
);
--> statement-breakpoint
CREATE TABLE "reward_budget_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_budget_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"reward_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"completion_id" bigint,
	"unlock_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD COLUMN "issued_to_consumer_id" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "budget_spent_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "consumer_id" integer;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "status" "completion_status" DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "receipt_upload_id" text;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "participant_key" text;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "completions" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD COLUMN "consumer_id" integer;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD COLUMN "status" "unlock_status" DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD COLUMN "assigned_by" text;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD COLUMN "assigned_store_id" integer;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_scores" ADD CONSTRAINT "contest_scores_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_scores" ADD CONSTRAINT "contest_scores_campaign_mission_id_campaign_missions_id_fk" FOREIGN KEY ("campaign_mission_id") REFERENCES "public"."campaign_missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_scores" ADD CONSTRAINT "contest_scores_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_uploads" ADD CONSTRAINT "play_uploads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_user_forms" ADD CONSTRAINT "prize_user_forms_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_user_forms" ADD CONSTRAINT "prize_user_forms_unlock_id_reward_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."reward_unlocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD CONSTRAINT "reward_budget_ledger_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD CONSTRAINT "reward_budget_ledger_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD CONSTRAINT "reward_budget_ledger_completion_id_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."completions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_budget_ledger" ADD CONSTRAINT "reward_budget_ledger_unlock_id_reward_unlocks_id_fk" FOREIGN KEY ("unlock_id") REFERENCES "public"."reward_unlocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consumers_brand_email_uq" ON "consumers" USING btree ("brand_id","email");--> statement-breakpoint
CREATE INDEX "consumers_email_idx" ON "consumers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contest_scores_submissions_idx" ON "contest_scores" USING btree ("campaign_mission_id","submissions" DESC NULLS LAST,"store_user_id");--> statement-breakpoint
CREATE INDEX "contest_scores_sales_idx" ON "contest_scores" USING btree ("campaign_mission_id","sales_amount_cents" DESC NULLS LAST,"store_user_id");--> statement-breakpoint
CREATE INDEX "play_sign_in_codes_email_idx" ON "play_sign_in_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "reward_budget_ledger_reward_idx" ON "reward_budget_ledger" USING btree ("reward_id");--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_users_email_idx" ON "store_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reward_codes_unissued_idx" ON "reward_codes" USING btree ("reward_id","id") WHERE "reward_codes"."issued_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "completions_idempotency_uq" ON "completions" USING btree ("participant_key","idempotency_key");--> statement-breakpoint
CREATE INDEX "completions_user_mission_idx" ON "completions" USING btree ("store_user_id","campaign_mission_id","status");--> statement-breakpoint
CREATE INDEX "completions_consumer_mission_idx" ON "completions" USING btree ("consumer_id","campaign_mission_id","status");--> statement-breakpoint
CREATE INDEX "completions_store_mission_idx" ON "completions" USING btree ("store_id","campaign_mission_id");--> statement-breakpoint
CREATE INDEX "completions_mission_created_idx" ON "completions" USING btree ("campaign_mission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_unlocks_code_uq" ON "reward_unlocks" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "reward_unlocks_user_idx" ON "reward_unlocks" USING btree ("store_user_id","reward_id");--> statement-breakpoint
CREATE INDEX "reward_unlocks_consumer_idx" ON "reward_unlocks" USING btree ("consumer_id","reward_id");--> statement-breakpoint
CREATE INDEX "reward_unlocks_completion_idx" ON "reward_unlocks" USING btree ("completion_id");--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_budget_not_overspent" CHECK ("rewards"."budget_spent_cents" >= 0 and "rewards"."budget_spent_cents" <= "rewards"."budget_paid_cents");