/**
 * The query holding the `SessionReply` (null when signed out); a 401 anywhere sets it to null,
 * a 403 `second_factor_required` asks it again.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
