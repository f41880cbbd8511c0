-- CreateIndex
CREATE INDEX "events_acquirer_merchant_identifier_created_at_id_idx" ON "events"("acquirer_merchant_identifier", "created_at", "id");

-- CreateIndex
CREATE INDEX "events_acquirer_terminal_identifier_created_at_id_idx" ON "events"("acquirer_terminal_identifier", "created_at", "id");

-- The terminal's serial number and the merchant's tax id live in data: expression indexes, the
-- same expressions as lib/events/filter-conditions.ts (a tax id compared without its mask).
CREATE INDEX "events_terminal_serial_number_idx" ON "events" ((data->>'terminalSerialNumber'), "created_at", "id");
CREATE INDEX "events_merchant_tax_id_idx" ON "events" ((upper(regexp_replace(data->>'merchantTaxId', '[^0-9A-Za-z]', '', 'g'))), "created_at", "id");
