-- AlterTable
ALTER TABLE "refresh_tokens" ADD COLUMN     "successor_id" VARCHAR(20),
ADD COLUMN     "successor_response" TEXT;
