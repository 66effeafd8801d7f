// Every rule, in one explicit list. Docs, settings and tests are derived from this list.
import { configCurrentFormat } from './config/config-current-format';
import { configInvalidValue } from './config/config-invalid-value';
import { configMissingProperty } from './config/config-missing-property';
import { configSchema } from './config/config-schema';
import { configSyntax } from './config/config-syntax';
import { configUnknownProperty } from './config/config-unknown-property';
import { assetNotFound } from './site/asset-not-found';
import { basicAuthName } from './site/basic-auth-name';
import { colorContrast } from './site/color-contrast';
import { ctaMissingName } from './site/cta-missing-name';
import { navDuplicatePage } from './site/nav-duplicate-page';
import { navMissingPage } from './site/nav-missing-page';
import { navPathOutsideSite } from './site/nav-path-outside-site';
import { navUrlNoPages } from './site/nav-url-no-pages';
import { orphanPage } from './site/orphan-page';
import { singleVersion } from './site/single-version';
import { unknownVersion } from './site/unknown-version';
import type { SiteRule } from './types';

export const SITE_RULES: readonly SiteRule[] = [
  configSyntax,
  configCurrentFormat,
  configUnknownProperty,
  configInvalidValue,
  configMissingProperty,
  configSchema,
  navMissingPage,
  navPathOutsideSite,
  navDuplicatePage,
  orphanPage,
  navUrlNoPages,
  unknownVersion,
  singleVersion,
  ctaMissingName,
  basicAuthName,
  assetNotFound,
  colorContrast,
];

export function findRule(id: string): SiteRule | undefined {
  return SITE_RULES.find((r) => r.id === id);
}
