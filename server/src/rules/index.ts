// Every rule, in explicit lists. Docs, the settings schema and tests are derived from them.
import { configInvalidValue } from './config/config-invalid-value';
import { configMissingProperty } from './config/config-missing-property';
import { configSchema } from './config/config-schema';
import { configSyntax } from './config/config-syntax';
import { configUnknownProperty } from './config/config-unknown-property';
import { apiEndpointUnknown } from './page/api-endpoint-unknown';
import { asyncapiChannelUnknown } from './page/asyncapi-channel-unknown';
import { sdkSymbolUnknown } from './page/sdk-symbol-unknown';
import { apiOperationDuplicate } from './page/api-operation-duplicate';
import { apiErrorResponse } from './page/api-error-response';
import { apiExamplesPlacement } from './page/api-examples-placement';
import { apiRateLimit } from './page/api-rate-limit';
import { authHeader } from './page/auth-header';
import { codeLanguage } from './page/code-language';
import { codeTooLarge } from './page/code-too-large';
import { codeSampleSyntax } from './page/code-sample-syntax';
import { mathSyntax } from './page/math-syntax';
import { mermaidSyntax } from './page/mermaid-syntax';
import { componentAttributeMissing } from './page/component-attribute-missing';
import { componentAttributeUnknown } from './page/component-attribute-unknown';
import { componentAttributeValue } from './page/component-attribute-value';
import { componentNesting } from './page/component-nesting';
import { componentUnknown } from './page/component-unknown';
import { htmlElementDropped } from './page/html-element-dropped';
import { expressionUndefined } from './page/expression-undefined';
import { frontmatterSchema } from './page/frontmatter-schema';
import { frontmatterSyntax } from './page/frontmatter-syntax';
import { headingH1 } from './page/heading-h1';
import { headingIncrement } from './page/heading-increment';
import { imageAlt } from './page/image-alt';
import { imageFrame } from './page/image-frame';
import { importNotFound } from './page/import-not-found';
import { linkBroken } from './page/link-broken';
import { linkCase } from './page/link-case';
import { mediaNotFound } from './page/media-not-found';
import { linkLanguage } from './page/link-language';
import { linkText } from './page/link-text';
import { terminology } from './page/terminology';
import { CODE_WORDS, spelling } from './page/spelling';
import { vale } from './page/vale';
import { valeConfig, valeUnsupported } from './site/vale-config';
import { mdxSyntax } from './page/mdx-syntax';
import { noSecrets } from './page/no-secrets';
import { pageDescription } from './page/page-description';
import { pageTitle } from './page/page-title';
import { pageTooLarge } from './page/page-too-large';
import { proseFirstPerson } from './page/prose-first-person';
import { proseFutureTense } from './page/prose-future-tense';
import { prosePassive } from './page/prose-passive';
import { assetNotFound } from './site/asset-not-found';
import { basicAuthName } from './site/basic-auth-name';
import { apiExampleLanguage } from './site/api-example-language';
import { colorContrast } from './site/color-contrast';
import { ctaMissingName } from './site/cta-missing-name';
import { llmsTxt } from './site/llms-txt';
import { navDuplicatePage } from './site/nav-duplicate-page';
import { navMissingPage } from './site/nav-missing-page';
import { navOperationUnknown } from './site/nav-operation-unknown';
import { navPathOutsideSite } from './site/nav-path-outside-site';
import { navUrlNoPages } from './site/nav-url-no-pages';
import { openapiInvalid } from './site/openapi-invalid';
import { graphqlInvalid } from './site/graphql-invalid';
import { graphqlNotFetched } from './site/graphql-not-fetched';
import { sdkInvalid } from './site/sdk-invalid';
import { sdkNotFetched } from './site/sdk-not-fetched';
import { asyncapiInvalid } from './site/asyncapi-invalid';
import { asyncapiNotFetched } from './site/asyncapi-not-fetched';
import { openapiMetadata } from './site/openapi-metadata';
import { openapiNotFetched } from './site/openapi-not-fetched';
import { openapiTooLarge } from './site/openapi-too-large';
import { orphanPage } from './site/orphan-page';
import { redirectInvalid } from './site/redirect-invalid';
import { singleVersion } from './site/single-version';
import { translationMissing } from './site/translation-missing';
import { unknownVersion } from './site/unknown-version';
import type { AnyPageRule, RuleMeta, SiteRule } from './types';
import { ANCHORS, type Fact } from '../site/site-index';
import { PAGE_URLS } from '../site/own-urls';
import { RENDERED_SNIPPETS } from '../site/snippet-anchors';
import { IMPORT_SOURCES } from '../site/imports';
import { ANCHORS_OPEN, LINK_URLS } from './page/link-broken';
import { API_FRONTMATTER } from './page-utils';
import { RATE_FACTS } from './page/api-rate-limit';

export const SITE_RULES: readonly SiteRule[] = [
  configSyntax,
  configUnknownProperty,
  configInvalidValue,
  configMissingProperty,
  configSchema,
  navMissingPage,
  linkCase,
  navOperationUnknown,
  navPathOutsideSite,
  navDuplicatePage,
  orphanPage,
  navUrlNoPages,
  redirectInvalid,
  translationMissing,
  unknownVersion,
  singleVersion,
  ctaMissingName,
  basicAuthName,
  apiExampleLanguage,
  assetNotFound,
  openapiInvalid,
  openapiMetadata,
  openapiNotFetched,
  openapiTooLarge,
  graphqlInvalid,
  graphqlNotFetched,
  sdkInvalid,
  sdkNotFetched,
  asyncapiInvalid,
  asyncapiNotFetched,
  colorContrast,
  llmsTxt,
  valeConfig,
  valeUnsupported,
];

export const PAGE_RULES: readonly AnyPageRule[] = [
  pageTooLarge,
  mdxSyntax,
  frontmatterSyntax,
  frontmatterSchema,
  pageTitle,
  pageDescription,
  headingH1,
  headingIncrement,
  componentUnknown,
  htmlElementDropped,
  expressionUndefined,
  importNotFound,
  componentAttributeUnknown,
  componentAttributeMissing,
  componentAttributeValue,
  componentNesting,
  imageAlt,
  imageFrame,
  linkText,
  linkBroken,
  linkCase,
  linkLanguage,
  mediaNotFound,
  codeLanguage,
  codeTooLarge,
  codeSampleSyntax,
  mermaidSyntax,
  mathSyntax,
  noSecrets,
  authHeader,
  apiExamplesPlacement,
  apiErrorResponse,
  apiRateLimit,
  apiEndpointUnknown,
  asyncapiChannelUnknown,
  sdkSymbolUnknown,
  apiOperationDuplicate,
  prosePassive,
  proseFirstPerson,
  proseFutureTense,
  terminology,
  spelling,
  vale,
];

/** Every rule once (link-case is in both lists: it reads pages and docs.json's navigation). */
export const ALL_RULES: readonly RuleMeta[] = [...new Set<RuleMeta>([...SITE_RULES, ...PAGE_RULES])];

/** The ids of the rules whose findings say a file could not be parsed (`parseFailure`). */
export const PARSE_FAILURE_RULES: ReadonlySet<string> = new Set(ALL_RULES.filter((r) => r.parseFailure).map((r) => r.id));

/**
 * Rules for snippet files (`snippets/**`): they are rendered inside pages, so only what breaks the
 * build applies — the MDX must compile, front matter must parse, imports must exist — and what
 * breaks the pages they are in: their links. And the site's Vale styles, which Vale runs on every
 * Markdown file it is pointed at (a `.vale.ini` section may name a snippet).
 */
export const SNIPPET_RULES: readonly AnyPageRule[] = [mdxSyntax, frontmatterSyntax, importNotFound, mediaNotFound, linkBroken, linkCase, vale];

/**
 * Every fact a rule reads of OTHER pages: what a thread or the check cache computes for each page
 * so that the pages it has not parsed can still be looked up (site/site-index.ts: Fact).
 */
export const PAGE_FACTS: readonly Fact<unknown>[] = [
  ANCHORS,
  ANCHORS_OPEN,
  LINK_URLS,
  PAGE_URLS,
  RENDERED_SNIPPETS,
  IMPORT_SOURCES,
  API_FRONTMATTER,
  ...RATE_FACTS,
  CODE_WORDS,
];
