CREATE TABLE "receipt_scan_charges" (
	"brand_id" text NOT NULL,
	"image_hash" text NOT NULL,
	"receipt_id" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"charged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_scan_charges_brand_id_image_hash_pk" PRIMARY KEY("brand_id","image_hash")
);
--> statement-breakpoint
ALTER TABLE "receipt_scan_charges" ADD CONSTRAINT "receipt_scan_charges_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reads charged before this table existed: the first charged read of each image is its one charge.
INSERT INTO "receipt_scan_charges" ("brand_id", "image_hash", "receipt_id", "fee_cents", "charged_at")
SELECT DISTINCT ON ("brand_id", "image_hash") "brand_id", "image_hash", "id", "fee_cents", coalesce("scanned_at", "created_at")
FROM "receipts" WHERE "fee_cents" IS NOT NULL
ORDER BY "brand_id", "image_hash", "id";
