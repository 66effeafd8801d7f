// What the format assumes where docs.json says nothing, written once (the schemas' `default`s for
// the top anchor agree: a test checks). No schema import, so the client's bundle can use it.

/** The name of a site, first tab, top anchor or navigation group that docs.json leaves unnamed. */
export const DEFAULT_TITLE = 'Documentation';

/** The top anchor's icon. */
export const DEFAULT_ANCHOR_ICON = 'book-open';

/** The primary colour of a site that sets none. */
export const DEFAULT_PRIMARY = '#16A34A';
