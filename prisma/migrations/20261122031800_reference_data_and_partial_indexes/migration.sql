-- Written by hand: what schema.prisma cannot express (partial indexes) and reference data.

-- One enabled credential per provider, MID and TID (409 on a second one).
CREATE UNIQUE INDEX "credentials_enabled_provider_mid_tid_key"
    ON "credentials" ("provider_id", "acquirer_merchant_identifier", "acquirer_terminal_identifier")
    WHERE "enabled";

-- The worker's queue: only pending events, oldest first.
CREATE INDEX "events_pending_queue_idx" ON "events" ("created_at", "id") WHERE "status" = 'pending';

-- The six acquirers, reference data present from the first migration.
INSERT INTO "providers" ("id", "name", "display_name", "kind", "authentication_fields", "additional_data_fields") VALUES
('dc15tmpgq2119g3lglc0', 'cielo', 'Cielo', 'card_present_emv',
 '[{"name":"merchantIdentifier","label":"Merchant ID (MID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{1,15}$","example":"1020304050"},{"name":"terminalIdentifier","label":"Terminal ID (TID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{8}$","example":"CL000123"}]',
 '[{"name":"merchantCategoryCode","label":"Merchant category code (MCC)","type":"string","required":false,"secret":false,"pattern":"^[0-9]{4}$","example":"5411"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"LOJA CENTRO"}]'),
('dc15tmpgq2119g3lglcg', 'rede', 'Rede', 'card_present_emv',
 '[{"name":"merchantIdentifier","label":"Merchant ID (MID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{1,15}$","example":"84729301"},{"name":"terminalIdentifier","label":"Terminal ID (TID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{8}$","example":"RD004512"}]',
 '[{"name":"merchantCategoryCode","label":"Merchant category code (MCC)","type":"string","required":false,"secret":false,"pattern":"^[0-9]{4}$","example":"5812"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"RESTAURANTE SOL"}]'),
('dc15tmpgq2119g3lgld0', 'getnet', 'Getnet', 'card_present_emv',
 '[{"name":"merchantIdentifier","label":"Merchant ID (MID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{1,15}$","example":"GN7781230"},{"name":"terminalIdentifier","label":"Terminal ID (TID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{8}$","example":"GT100200"}]',
 '[{"name":"merchantCategoryCode","label":"Merchant category code (MCC)","type":"string","required":false,"secret":false,"pattern":"^[0-9]{4}$","example":"5999"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"MERCADO BOM"}]'),
('dc15tmpgq2119g3lgldg', 'stone', 'Stone', 'card_present_emv',
 '[{"name":"merchantIdentifier","label":"Merchant ID (MID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{1,15}$","example":"ST552310987"},{"name":"terminalIdentifier","label":"Terminal ID (TID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{8}$","example":"ST0A9B31"}]',
 '[{"name":"merchantCategoryCode","label":"Merchant category code (MCC)","type":"string","required":false,"secret":false,"pattern":"^[0-9]{4}$","example":"5732"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"ELETRO CASA"}]'),
('dc15tmpgq2119g3lgle0', 'pagseguro', 'PagSeguro', 'ecommerce',
 '[{"name":"clientId","label":"Client ID","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9_-]{8,64}$","example":"ps_live_7f3a9c21"},{"name":"clientSecret","label":"Client secret","type":"string","required":true,"secret":true,"pattern":"^[A-Za-z0-9_-]{16,128}$","example":"sk_9f8e7d6c5b4a3f9a"}]',
 '[{"name":"pixKey","label":"Pix key","type":"string","required":false,"secret":false,"pattern":"^.{1,77}$","example":"financeiro@loja.com.br"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"LOJA ONLINE"}]'),
('dc15tmpgq2119g3lgleg', 'safrapay', 'SafraPay', 'card_present_emv',
 '[{"name":"merchantIdentifier","label":"Merchant ID (MID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{1,15}$","example":"SF10293847"},{"name":"terminalIdentifier","label":"Terminal ID (TID)","type":"string","required":true,"secret":false,"pattern":"^[A-Za-z0-9]{8}$","example":"SF00X771"}]',
 '[{"name":"merchantCategoryCode","label":"Merchant category code (MCC)","type":"string","required":false,"secret":false,"pattern":"^[0-9]{4}$","example":"7011"},{"name":"softDescriptor","label":"Soft descriptor","type":"string","required":false,"secret":false,"pattern":"^.{1,22}$","example":"HOTEL MAR"}]');
