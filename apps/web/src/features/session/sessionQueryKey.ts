/** The query holding the signed-in user (null when signed out); a 401 anywhere sets it to null. */
export const SESSION_QUERY_KEY = ['session'] as const;
