/** What an audit log snapshot says in place of a secret value. */
export const REDACTED = "[redacted]";
