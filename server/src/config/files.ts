// The names a site's config file has, written once: docs.json, and mint.json, the older name classic
// sites still use (docs.json wins when a folder holds both). Pure, so the client's scaffold reads it too.

/** The config file of a site, and the one a new or migrated site gets. */
export const CONFIG_FILE_NAME = 'docs.json';
/** The config file's older name. */
export const CLASSIC_CONFIG_FILE_NAME = 'mint.json';
/** Every name of a config file, in the order a folder's config is looked for. */
export const CONFIG_NAMES = [CONFIG_FILE_NAME, CLASSIC_CONFIG_FILE_NAME] as const;
/** Whether a file name (without its folder) is a config file's. */
export const isConfigName = (name: string): boolean => (CONFIG_NAMES as readonly string[]).includes(name);
/** Docwright's own settings file beside a site's config (rule severities, ignores). */
export const PROJECT_CONFIG_NAME = '.docwright.json';
