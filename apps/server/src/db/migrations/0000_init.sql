CREATE TYPE "public"."payment_plan" AS ENUM('prepaid', 'postpaid');--> statement-breakpoint
CREATE TYPE "public"."store_status" AS ENUM('approved', 'pending', 'rejected', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'scheduled', 'rejected', 'active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."campaign_type" AS ENUM('general', 'contest', 'learning', 'consumer');--> statement-breakpoint
CREATE TYPE "public"."invite_status" AS ENUM('SENT', 'REJECTED', 'ACCEPTED');--> statement-breakpoint
CREATE TYPE "public"."scope_type" AS ENUM('all', 'store', 'group');--> statement-breakpoint
CREATE TYPE "public"."mission_item_kind" AS ENUM('question', 'option', 'field');--> statement-breakpoint
CREATE TYPE "public"."mission_status" AS ENUM('incomplete', 'ready', 'pending_launch');--> statement-breakpoint
CREATE TYPE "public"."mission_subtype" AS ENUM('standard', 'itemSold');--> statement-breakpoint
CREATE TYPE "public"."mission_type" AS ENUM('general', 'contest', 'learning', 'consumer');--> statement-breakpoint
CREATE TYPE "public"."fill_status" AS ENUM('pending', 'filled');--> statement-breakpoint
CREATE TYPE "public"."reward_scope" AS ENUM('campaign', 'mission');--> statement-breakpoint
CREATE TYPE "public"."reward_type" AS ENUM('money', 'discount', 'free_product', 'gift_card', 'prize');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('budget', 'smart_review', 'topup');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('unpaid', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('topup', 'budget_debit', 'refund', 'smart_review_debit', 'adjustment');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_retailer" boolean DEFAULT false NOT NULL,
	"consumer_enabled" boolean DEFAULT false NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"wallet_balance_cents" bigint DEFAULT 0 NOT NULL,
	"payment_plan" "payment_plan" DEFAULT 'prepaid' NOT NULL,
	"smart_review_enabled" boolean DEFAULT false NOT NULL,
	"smart_review_price_per_scan_cents" integer DEFAULT 0 NOT NULL,
	"smart_review_currency" text DEFAULT 'USD' NOT NULL,
	"smart_review_plan" text,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviter_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"active_organization_id" text,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_group_members" (
	"brand_id" text NOT NULL,
	"group_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "store_group_members_group_id_store_id_pk" PRIMARY KEY("group_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "store_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"status" "store_status" DEFAULT 'approved' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"role" text DEFAULT 'employee' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"formatted_address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"status" "store_status" DEFAULT 'pending' NOT NULL,
	"ref_id" text,
	"external_store_id" text,
	"weight" integer DEFAULT 0 NOT NULL,
	"total_users" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_partnerships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brand_partnerships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"partner_brand_id" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" text,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"partner_brand_id" text NOT NULL,
	"invite_status" "invite_status",
	"order" integer DEFAULT 0 NOT NULL,
	"invited_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"public_uid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" "campaign_type" NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"shared_campaign" boolean DEFAULT false NOT NULL,
	"finish_criteria" text[] DEFAULT '{days_over}'::text[] NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"completion_progress" integer DEFAULT 0 NOT NULL,
	"reach_groups" integer DEFAULT 0 NOT NULL,
	"reach_stores" integer DEFAULT 0 NOT NULL,
	"reach_users" integer DEFAULT 0 NOT NULL,
	"scope_type" "scope_type" DEFAULT 'all' NOT NULL,
	"scope_pks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"selected_places_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"selected_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "campaigns_public_uid_unique" UNIQUE("public_uid"),
	CONSTRAINT "campaigns_name_len" CHECK (char_length("campaigns"."name") <= 50),
	CONSTRAINT "campaigns_progress_range" CHECK ("campaigns"."completion_progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "campaign_missions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"max_entries_per_user" integer,
	"max_entries_per_store" integer,
	"contest" jsonb,
	"passing_grade" integer,
	"shared_data" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"mission_id" integer NOT NULL,
	"kind" "mission_item_kind" NOT NULL,
	"title" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"media" jsonb,
	"type" "mission_type" NOT NULL,
	"subtype" "mission_subtype" DEFAULT 'standard' NOT NULL,
	"status" "mission_status" DEFAULT 'incomplete' NOT NULL,
	"is_complete_fill" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"reward_id" integer NOT NULL,
	"code" text NOT NULL,
	"issued_to_store_user_id" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"reward_id" integer NOT NULL,
	"partner_brand_id" text NOT NULL,
	"budget_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"fill_status" "fill_status" DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"type" "reward_type" NOT NULL,
	"key" text,
	"title" text DEFAULT '' NOT NULL,
	"auto_title" text,
	"description" text DEFAULT '' NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"filled_by_partners" boolean DEFAULT false NOT NULL,
	"completions_to_unlock" integer DEFAULT 1 NOT NULL,
	"max_per_user" integer DEFAULT 1 NOT NULL,
	"is_unlimited" boolean DEFAULT false NOT NULL,
	"scope" "reward_scope" DEFAULT 'campaign' NOT NULL,
	"mission_id" integer,
	"items_id" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"assignment" jsonb,
	"amount_cents" bigint,
	"budget_cents" bigint,
	"budget_paid_cents" bigint DEFAULT 0 NOT NULL,
	"dynamic_active" boolean DEFAULT false NOT NULL,
	"dynamic_amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"percentage_discount" integer,
	"link_to_shop" text,
	"codes_file_url" text,
	"codes_file_name" text,
	"no_fine_print" boolean DEFAULT false NOT NULL,
	"fine_print" text,
	"value_cents" bigint,
	"total_available" integer,
	"image_url" text,
	"image_args" jsonb,
	"end_date" timestamp with time zone,
	"end_time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_title_len" CHECK (char_length("rewards"."title") <= 80),
	CONSTRAINT "rewards_description_len" CHECK (char_length("rewards"."description") <= 200),
	CONSTRAINT "rewards_fine_print_len" CHECK ("rewards"."fine_print" is null or char_length("rewards"."fine_print") <= 300),
	CONSTRAINT "rewards_completions_min" CHECK ("rewards"."completions_to_unlock" >= 1)
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"file_type" "media_kind" NOT NULL,
	"mime_type" text NOT NULL,
	"file_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"version_id" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"status" "invoice_status" DEFAULT 'unpaid' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"campaign_id" integer,
	"reward_id" integer,
	"invoice_id" integer,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "completions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "completions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_mission_id" integer NOT NULL,
	"store_user_id" integer,
	"store_id" integer,
	"sales_amount_cents" bigint DEFAULT 0 NOT NULL,
	"items_sold" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" integer,
	"passed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_unlocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_unlocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"store_user_id" integer,
	"completion_id" bigint,
	"code_id" bigint,
	"amount_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_brands_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_organization_id_brands_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_group_members" ADD CONSTRAINT "store_group_members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_group_members" ADD CONSTRAINT "store_group_members_group_id_store_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."store_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_group_members" ADD CONSTRAINT "store_group_members_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_groups" ADD CONSTRAINT "store_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_partnerships" ADD CONSTRAINT "brand_partnerships_partner_brand_id_brands_id_fk" FOREIGN KEY ("partner_brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audit" ADD CONSTRAINT "campaign_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_partners" ADD CONSTRAINT "campaign_partners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_partners" ADD CONSTRAINT "campaign_partners_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_partners" ADD CONSTRAINT "campaign_partners_partner_brand_id_brands_id_fk" FOREIGN KEY ("partner_brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_missions" ADD CONSTRAINT "campaign_missions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_missions" ADD CONSTRAINT "campaign_missions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_missions" ADD CONSTRAINT "campaign_missions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_items" ADD CONSTRAINT "mission_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_items" ADD CONSTRAINT "mission_items_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_partners" ADD CONSTRAINT "reward_partners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_partners" ADD CONSTRAINT "reward_partners_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_partners" ADD CONSTRAINT "reward_partners_partner_brand_id_brands_id_fk" FOREIGN KEY ("partner_brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_campaign_mission_id_campaign_missions_id_fk" FOREIGN KEY ("campaign_mission_id") REFERENCES "public"."campaign_missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completions" ADD CONSTRAINT "completions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_store_user_id_store_users_id_fk" FOREIGN KEY ("store_user_id") REFERENCES "public"."store_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_completion_id_completions_id_fk" FOREIGN KEY ("completion_id") REFERENCES "public"."completions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_unlocks" ADD CONSTRAINT "reward_unlocks_code_id_reward_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."reward_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_user_uq" ON "members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_group_members_store_idx" ON "store_group_members" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_groups_brand_status_weight_idx" ON "store_groups" USING btree ("brand_id","status","weight","id");--> statement-breakpoint
CREATE INDEX "store_users_store_idx" ON "store_users" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_users_brand_idx" ON "store_users" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "stores_brand_status_weight_idx" ON "stores" USING btree ("brand_id","status","weight","id");--> statement-breakpoint
CREATE INDEX "stores_brand_status_name_idx" ON "stores" USING btree ("brand_id","status","name","id");--> statement-breakpoint
CREATE INDEX "stores_brand_ref_idx" ON "stores" USING btree ("brand_id","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_partnerships_uq" ON "brand_partnerships" USING btree ("brand_id","partner_brand_id");--> statement-breakpoint
CREATE INDEX "campaign_audit_campaign_idx" ON "campaign_audit" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_partners_uq" ON "campaign_partners" USING btree ("campaign_id","partner_brand_id");--> statement-breakpoint
CREATE INDEX "campaign_partners_partner_idx" ON "campaign_partners" USING btree ("partner_brand_id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_created_idx" ON "campaigns" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_brand_status_created_idx" ON "campaigns" USING btree ("brand_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_missions_uq" ON "campaign_missions" USING btree ("campaign_id","mission_id");--> statement-breakpoint
CREATE INDEX "campaign_missions_campaign_idx" ON "campaign_missions" USING btree ("campaign_id","order");--> statement-breakpoint
CREATE INDEX "campaign_missions_mission_idx" ON "campaign_missions" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "mission_items_mission_idx" ON "mission_items" USING btree ("mission_id","order");--> statement-breakpoint
CREATE INDEX "missions_brand_type_idx" ON "missions" USING btree ("brand_id","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_reward_code_uq" ON "reward_codes" USING btree ("reward_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_partners_uq" ON "reward_partners" USING btree ("reward_id","partner_brand_id");--> statement-breakpoint
CREATE INDEX "rewards_campaign_idx" ON "rewards" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "media_files_brand_idx" ON "media_files" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_brand_status_idx" ON "invoices" USING btree ("brand_id","status");--> statement-breakpoint
CREATE INDEX "wallet_ledger_brand_idx" ON "wallet_ledger" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "completions_campaign_idx" ON "completions" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_unlocks_reward_idx" ON "reward_unlocks" USING btree ("reward_id");