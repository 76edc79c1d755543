-- Sales from a brand's point of sale (issue 31, decision 0030): batches (an API call or a CSV file), their lines with
-- each one's outcome, the transactions credited — each id once per brand, held by the primary key, not a check — and
-- the completions the engine made for them.
CREATE TABLE "sales_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"file_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_by" text NOT NULL,
	"lines_total" integer DEFAULT 0 NOT NULL,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"problems" integer DEFAULT 0 NOT NULL,
	"completions_made" integer DEFAULT 0 NOT NULL,
	"unlocks_made" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sales_batches_source" CHECK ("source" in ('api', 'file')),
	CONSTRAINT "sales_batches_status" CHECK ("status" in ('queued', 'processing', 'done', 'failed'))
);--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"row" integer NOT NULL,
	"store_pos_id" text NOT NULL,
	"staff" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer,
	"amount_cents" bigint,
	"sold_at" timestamp with time zone,
	"transaction_id" text NOT NULL,
	"outcome" text,
	"message" text,
	"store_user_id" integer
);--> statement-breakpoint
CREATE TABLE "sales_transactions" (
	"brand_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_transactions_brand_id_transaction_id_pk" PRIMARY KEY("brand_id","transaction_id")
);--> statement-breakpoint
CREATE TABLE "sales_credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"completion_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"store_user_id" integer NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "sales_batches" ADD CONSTRAINT "sales_batches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_batch_id_sales_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sales_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_batch_id_sales_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sales_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_credits" ADD CONSTRAINT "sales_credits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_credits" ADD CONSTRAINT "sales_credits_batch_id_sales_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sales_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_batches_brand_idx" ON "sales_batches" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "sales_lines_batch_idx" ON "sales_lines" USING btree ("batch_id","row");--> statement-breakpoint
CREATE INDEX "sales_credits_batch_idx" ON "sales_credits" USING btree ("batch_id","id");--> statement-breakpoint
-- A line names its store by point-of-sale id: looked up per batch by brand.
CREATE INDEX "stores_brand_external_idx" ON "stores" USING btree ("brand_id",lower("external_store_id")) WHERE "external_store_id" is not null;
