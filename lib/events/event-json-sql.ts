// The Event's JSON shape as PostgreSQL builds it: lists pass the text through untouched, which
// is what keeps a 100-row page cheap (no row objects, no JSON.stringify in Node).
// Timestamps are ISO 8601 UTC with milliseconds.

export const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The seed's Event object: id, createdAt, updatedAt, type, status, data. */
export const EVENT_JSON_SQL = `json_build_object(
  'id', e.id,
  'createdAt', ${isoSql("e.created_at")},
  'updatedAt', ${isoSql("e.updated_at")},
  'type', e.type,
  'status', e.status,
  'data', e.data)::text`;
