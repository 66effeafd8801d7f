// Custom requests between the client and the server, typed once. Imports nothing, so the client
// bundles it without pulling in server code.

/** `docwright/checkSites`: scan the workspace again and check every site in full. */
export const CHECK_SITES_REQUEST = 'docwright/checkSites';

export interface CheckSitesResult {
  sites: number;
  pages: number;
  errors: number;
  warnings: number;
  information: number;
  hints: number;
}
