/**
 * The searched text of a gift: name, email and receipt number (which holds PayPal's transaction
 * id), lower-cased. The PostgreSQL trigram index is built on exactly this expression, so queries
 * use it verbatim; SQLite keeps the same text in the FTS5 table `gifts_search`.
 */
export const GIFT_SEARCH = (prefix = '') => `lower(${prefix}name || ' ' || ${prefix}email || ' ' || ${prefix}receipt_number)`;

/** The trigram indexes answer searches of at least this many characters; shorter ones scan. */
export const GIFT_SEARCH_MIN = 3;
