-- Join by store code and a manager's entry for a colleague (issue 30). Decision 0025.
-- A store's join code: a random secret in its join link and QR poster, made on first use and replaced by a rotation;
-- unique, so a code names one store and the door finds it by an index.
ALTER TABLE "stores" ADD COLUMN "join_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_join_code_uq" ON "stores" USING btree ("join_code") WHERE "join_code" IS NOT NULL;--> statement-breakpoint
-- A brand's choice to let people who join with a store's code in without approval (off: they wait as 'pending').
CREATE TABLE "store_join_settings" (
	"brand_id" text PRIMARY KEY NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- How a store user came in by a join code: the token of the newcomer's /play waiting page (hashed), and who decided.
CREATE TABLE "store_join_requests" (
	"store_user_id" integer PRIMARY KEY NOT NULL REFERENCES "store_users"("id") ON DELETE cascade,
	"brand_id" text NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"store_id" integer NOT NULL REFERENCES "stores"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text REFERENCES "users"("id") ON DELETE set null,
	"auto_approved" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "store_join_requests_token_uq" ON "store_join_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_join_requests_brand_idx" ON "store_join_requests" USING btree ("brand_id","requested_at");--> statement-breakpoint
-- A completion a store manager entered for a colleague: the manager (the completion is the colleague's).
ALTER TABLE "completions" ADD COLUMN "entered_by" integer REFERENCES "store_users"("id") ON DELETE set null;--> statement-breakpoint
-- Partial: few completions have one, and deleting a store user finds its entries without reading the table.
CREATE INDEX "completions_entered_by_idx" ON "completions" USING btree ("entered_by") WHERE "entered_by" IS NOT NULL;
