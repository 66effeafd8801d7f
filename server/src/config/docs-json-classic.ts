// Generated from schemas/docs.schema.json by scripts/gen-config-types.mjs (npm run gen:types): edit the schema, not this file.

/**
 * A hex colour code such as #0D9373 or #fff.
 */
export type HexColor = string;
/**
 * Accepted by the public format (not in the spec): older list form of the social links, each item holding a platform type and a url. Prefer the object form.
 */
export type SocialsList = {
  /**
   * Platform key.
   */
  type:
    | 'website'
    | 'github'
    | 'linkedin'
    | 'instagram'
    | 'x'
    | 'twitter'
    | 'discord'
    | 'slack'
    | 'hacker-news'
    | 'facebook'
    | 'youtube'
    | 'medium'
    | 'telegram'
    | 'x-twitter'
    | 'earth-americas'
    | 'bluesky'
    | 'threads'
    | 'reddit'
    | 'podcast';
  /**
   * Account URL.
   */
  url: string;
}[];

/**
 * Configuration of a documentation site in the classic format (file docs.json, or mint.json in older sites): navigation, logo, colours, top bar, anchors, tabs, versions, API playground, OpenAPI file, footer links, feedback buttons, light/dark toggle and background image.
 */
export interface DocsJsonClassic {
  /**
   * URL or path of the JSON schema that describes this file.
   */
  $schema?: string;
  /**
   * Name of the project, used as the global title of the site.
   */
  name: string;
  /**
   * Groups of pages that make up the sidebar navigation.
   *
   * @minItems 1
   */
  navigation: [NavigationGroup, ...NavigationGroup[]];
  /**
   * Path of one logo image, or an object with separate light and dark images and an href for a click on the logo.
   */
  logo?:
    | string
    | {
        /**
         * Path of the logo shown in light mode.
         */
        light: string;
        /**
         * Path of the logo shown in dark mode.
         */
        dark: string;
        /**
         * Where a click on the logo leads.
         *
         * Default: /
         */
        href?: string;
      };
  /**
   * Path of the favicon image, for example /favicon.svg.
   */
  favicon: string;
  /**
   * Hex colour codes of the global theme. primary is required.
   */
  colors: {
    /**
     * Main colour in light mode, used for highlighted content, section headers and accents.
     */
    primary: string;
    /**
     * Primary colour in dark mode.
     */
    light?: string;
    /**
     * Colour of important buttons.
     */
    dark?: string;
    /**
     * Background colours of the site in light and dark mode; both light and dark are required.
     */
    background?: {
      /**
       * Background colour in light mode.
       */
      light?: string;
      /**
       * Background colour in dark mode.
       */
      dark?: string;
    };
    /**
     * Accepted by the public format (not in the spec): default background of anchor icons: a hex colour or a gradient object with from and to.
     */
    anchors?: HexColor | Gradient;
    ultraLight?: DeprecatedColor;
    ultraDark?: DeprecatedColor;
  };
  /**
   * Links shown in the top bar, each with a name and a url (and an optional type, as for topbarCtaButton).
   */
  topbarLinks?: CallToAction[];
  topbarCtaButton?: CallToAction1;
  /**
   * Names of the documentation versions, shown as a dropdown in the navigation bar. Use it only when several versions are shown.
   *
   * @minItems 1
   */
  versions?: [
    (
      | string
      | {
          /**
           * Name of the version.
           */
          name: string;
          /**
           * URL the version leads to.
           */
          url?: string;
          /**
           * Marks the version selected by default.
           */
          default?: true;
          /**
           * Language of the version's pages (a language code such as en or fr-CA), for its interface text.
           */
          locale?:
            | 'en'
            | 'cn'
            | 'zh'
            | 'zh-Hans'
            | 'zh-Hant'
            | 'zh-CN'
            | 'zh-TW'
            | 'es'
            | 'fr'
            | 'fr-CA'
            | 'fr-ca'
            | 'ja'
            | 'jp'
            | 'ja-jp'
            | 'ja-JP'
            | 'pt'
            | 'pt-BR'
            | 'de'
            | 'ko'
            | 'it'
            | 'ru'
            | 'ro'
            | 'cs'
            | 'id'
            | 'ar'
            | 'tr'
            | 'hi'
            | 'sv'
            | 'no'
            | 'da'
            | 'lv'
            | 'nl'
            | 'uk'
            | 'vi'
            | 'pl'
            | 'uz'
            | 'he'
            | 'ca'
            | 'fi'
            | 'hu';
        }
    ),
    ...(
      | string
      | {
          /**
           * Name of the version.
           */
          name: string;
          /**
           * URL the version leads to.
           */
          url?: string;
          /**
           * Marks the version selected by default.
           */
          default?: true;
          /**
           * Language of the version's pages (a language code such as en or fr-CA), for its interface text.
           */
          locale?:
            | 'en'
            | 'cn'
            | 'zh'
            | 'zh-Hans'
            | 'zh-Hant'
            | 'zh-CN'
            | 'zh-TW'
            | 'es'
            | 'fr'
            | 'fr-CA'
            | 'fr-ca'
            | 'ja'
            | 'jp'
            | 'ja-jp'
            | 'ja-JP'
            | 'pt'
            | 'pt-BR'
            | 'de'
            | 'ko'
            | 'it'
            | 'ru'
            | 'ro'
            | 'cs'
            | 'id'
            | 'ar'
            | 'tr'
            | 'hi'
            | 'sv'
            | 'no'
            | 'da'
            | 'lv'
            | 'nl'
            | 'uk'
            | 'vi'
            | 'pl'
            | 'uz'
            | 'he'
            | 'ca'
            | 'fi'
            | 'hu';
        }
    )[],
  ];
  /**
   * Anchors shown at the top of the sidebar.
   */
  anchors?: Anchor[];
  /**
   * Overrides the defaults of the top-most anchor (the one holding pages outside every other anchor).
   */
  topAnchor?: {
    /**
     * Name of the top-most anchor.
     *
     * Default: Documentation
     */
    name: string;
    /**
     * Font Awesome icon of the top-most anchor, without the fa- prefix.
     *
     * Default: book-open
     */
    icon?: string;
    /**
     * Style of the top-most anchor icon.
     *
     * Default: duotone
     */
    iconType?:
      'brands' | 'duotone' | 'light' | 'sharp-solid' | 'solid' | 'thin' | 'regular' | 'sharp-light' | 'sharp-regular' | 'sharp-thin' | 'sharp-duotone-solid';
  };
  /**
   * Navigation tabs shown below the top bar.
   */
  tabs?: Tab[];
  /**
   * Settings of the API reference pages: base URL, authentication, playground and key order.
   */
  api?: {
    /**
     * Base URL of all API endpoints. An array gives several base URLs that the reader can switch between.
     */
    baseUrl?: string | string[];
    /**
     * How the API playground sends credentials.
     */
    auth?: {
      /**
       * Authentication strategy for all API endpoints: bearer, basic or key.
       */
      method?: 'bearer' | 'basic' | 'key' | 'cobo';
      /**
       * Name of the authentication parameter in the playground. For basic, the form is <usernameName>:<passwordName>.
       */
      name?: string;
      /**
       * Prefix pre-filled in the authentication input field, for example Bearer.
       */
      inputPrefix?: string;
    };
    /**
     * Settings of the interactive API playground.
     */
    playground?: {
      /**
       * Whether the playground is shown (show), shown without interactivity (simple), or hidden (hide).
       *
       * Default: show
       */
      mode?: 'show' | 'simple' | 'hide';
      /**
       * Accepted by the public format (not in the spec): sends playground requests directly instead of through the hosting proxy.
       */
      disableProxy?: boolean;
    };
    /**
     * When true, keys on OpenAPI pages keep the order of the OpenAPI file. Planned to become the default behaviour, after which this field is deprecated.
     */
    maintainOrder?: boolean;
    /**
     * Accepted by the public format (not in the spec): settings of the generated request examples (example.languages, example.showOptionalParams).
     */
    request?: {
      /**
       * Settings of the generated request examples.
       */
      example?: {
        /**
         * Includes optional parameters in generated examples.
         */
        showOptionalParams?: boolean;
        /**
         * Order of the languages of the generated request examples, for example bash, python, javascript.
         */
        languages?: string[];
      };
    };
    /**
     * Accepted by the public format (not in the spec): settings of the parameter fields in the playground.
     */
    paramFields?: {
      /**
       * Which expandable parameter fields start expanded.
       *
       * Default: none
       */
      expanded?: 'all' | 'topLevel' | 'topLevelOneOfs' | 'none';
      /**
       * Names of request parameters shown in the playground for POST requests.
       */
      post?: string[];
    };
  };
  /**
   * URL or relative path of the OpenAPI file; an array for several files.
   */
  openapi?: string | string[];
  /**
   * Map from a platform key (website, github, x, linkedin, ...) to the URL of your account.
   */
  footerSocials?: SocialsObject | SocialsList;
  /**
   * Feedback buttons shown on each page.
   */
  feedback?: {
    /**
     * Shows a button to suggest edits through a pull request.
     *
     * Default: false
     */
    suggestEdit?: boolean;
    /**
     * Shows a button to raise an issue about the page.
     *
     * Default: false
     */
    raiseIssue?: boolean;
    /**
     * Accepted by the public format (not in the spec): shows thumbs-up/thumbs-down buttons to rate whether the page helped.
     */
    thumbsRating?: boolean;
  };
  /**
   * Customises the light/dark mode toggle.
   */
  modeToggle?: {
    /**
     * Mode always shown to new readers. When unset, the site follows the reader's operating-system mode.
     *
     * Default: unset (follows the operating system)
     */
    default?: 'light' | 'dark';
    /**
     * Hides the toggle. Together with default, it forces a single mode.
     *
     * Default: false
     */
    isHidden?: boolean;
  };
  /**
   * Path of an image displayed behind every page.
   */
  backgroundImage?: string;
  /**
   * Accepted by the public format (not in the spec): version of the site generator to build with.
   */
  mintlify?: string;
  /**
   * Accepted by the public format (not in the spec): older camel-case spelling of openapi; prefer openapi.
   */
  openApi?: string;
  /**
   * Accepted by the public format (not in the spec): preset theme.
   */
  theme?: 'venus' | 'quill' | 'prism';
  /**
   * Accepted by the public format (not in the spec): global layout style.
   */
  layout?: 'topnav' | 'sidenav' | 'solidSidenav';
  /**
   * Accepted by the public format (not in the spec): styling of the top bar.
   */
  topbar?: {
    /**
     * Style of the top bar.
     */
    style?: 'default' | 'gradient';
  };
  /**
   * Accepted by the public format (not in the spec): styling of the sidebar items.
   */
  sidebar?: {
    /**
     * Style of the sidebar items.
     *
     * Default: container
     */
    items?: 'container' | 'card' | 'border' | 'undecorated';
  };
  /**
   * Accepted by the public format (not in the spec): style of rounded edges.
   */
  rounded?: 'default' | 'sharp';
  /**
   * Accepted by the public format (not in the spec): meta tags added to every page, as a map from tag name to value.
   */
  metadata?: {
    [k: string]: string | undefined;
  };
  /**
   * Accepted by the public format (not in the spec): styling of code blocks.
   */
  codeBlock?: {
    /**
     * Colour mode of code blocks.
     */
    mode?: 'auto' | 'dark';
  };
  /**
   * Accepted by the public format (not in the spec): settings of the first (default) tab, such as its name.
   */
  primaryTab?: {
    /**
     * Name of the first tab.
     */
    name: string;
    /**
     * Hides the first tab until linked directly.
     */
    isDefaultHidden?: boolean;
  };
  /**
   * Accepted by the public format (not in the spec): footer with social links (socials) and columns of links (links).
   */
  footer?: {
    /**
     * Map from a platform key to the URL of your account.
     */
    socials?: SocialsObject | SocialsList;
    /**
     * Columns of footer links, each with an optional title and a list of { label, url }.
     *
     * @minItems 1
     * @maxItems 4
     */
    links?:
      | [
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
        ]
      | [
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
        ]
      | [
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
        ]
      | [
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
          {
            /**
             * Title of the column.
             */
            title?: string;
            /**
             * Links of the column.
             *
             * @minItems 1
             */
            links: [
              {
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              },
              ...{
                /**
                 * Text of the link.
                 */
                label: string;
                /**
                 * Target of the link: a full URL or a path starting with /.
                 */
                url: string | string;
              }[],
            ];
          },
        ];
  };
  /**
   * Accepted by the public format (not in the spec): decorative background.
   */
  background?: {
    /**
     * Style of the decorative background.
     */
    style?: 'gradient' | 'grid' | 'windows';
  };
  /**
   * Accepted by the public format (not in the spec): custom fonts: one font for all text, or separate headings and body fonts.
   */
  font?:
    | FontDetails
    | {
        headings?: FontDetails1;
        body?: FontDetails2;
      };
  /**
   * Accepted by the public format (not in the spec): analytics integrations, keyed by provider (amplitude, clearbit, fathom, ga4, gtm, heap, hotjar, koala, logrocket, mixpanel, pirsch, posthog, plausible, segment, adobe, clarity, hightouch).
   */
  analytics?: {
    /**
     * Settings of the Amplitude integration.
     */
    amplitude?: {
      /**
       * Amplitude API key.
       */
      apiKey: string;
    };
    /**
     * Settings of the Clearbit integration.
     */
    clearbit?: {
      /**
       * Clearbit public API key.
       */
      publicApiKey: string;
    };
    /**
     * Settings of the Fathom integration.
     */
    fathom?: {
      /**
       * Fathom site ID.
       */
      siteId: string;
    };
    /**
     * Settings of the Google Analytics 4 integration.
     */
    ga4?: {
      /**
       * Measurement ID, starting with G.
       */
      measurementId: string;
    };
    /**
     * Settings of the Google Tag Manager integration.
     */
    gtm?: {
      /**
       * Tag ID, starting with G.
       */
      tagId: string;
    };
    /**
     * Settings of the Heap integration.
     */
    heap?: {
      /**
       * Heap app ID.
       */
      appId: string;
    };
    /**
     * Settings of the Hotjar integration.
     */
    hotjar?: {
      /**
       * Hotjar site ID.
       */
      hjid: string;
      /**
       * Hotjar snippet version.
       */
      hjsv: string;
    };
    /**
     * Settings of the Koala integration.
     */
    koala?: {
      /**
       * Koala public API key.
       */
      publicApiKey: string;
    };
    /**
     * Settings of the LogRocket integration.
     */
    logrocket?: {
      /**
       * LogRocket app ID.
       */
      appId: string;
    };
    /**
     * Settings of the Mixpanel integration.
     */
    mixpanel?: {
      /**
       * Mixpanel project token.
       */
      projectToken: string;
      /**
       * Data residency region of the project.
       */
      region?: 'us' | 'eu' | 'in';
    };
    /**
     * Settings of the Pirsch integration.
     */
    pirsch?: {
      /**
       * Pirsch site ID.
       */
      id: string;
    };
    /**
     * Settings of the PostHog integration.
     */
    posthog?: {
      /**
       * Project API key, starting with phc_.
       */
      apiKey: string;
      /**
       * URL of the PostHog instance.
       */
      apiHost?: string;
      /**
       * Whether sessions are recorded.
       */
      sessionRecording?: boolean;
    };
    /**
     * Settings of the Plausible integration.
     */
    plausible?: {
      /**
       * The site's domain, without https://.
       */
      domain: string;
      /**
       * Host of a self-hosted Plausible, without https://.
       */
      server?: string;
    };
    /**
     * Settings of the Segment integration.
     */
    segment?: {
      /**
       * Segment write key.
       */
      key: string;
      /**
       * HTTPS URL of a custom CDN that serves the Segment script (no query or fragment).
       */
      cdnUrl?: string;
    };
    /**
     * Settings of the Adobe Analytics integration.
     */
    adobe?: {
      /**
       * URL of the Adobe Launch script.
       */
      launchUrl: string;
    };
    /**
     * Settings of the Microsoft Clarity integration.
     */
    clarity?: {
      /**
       * Clarity project ID.
       */
      projectId: string;
    };
    /**
     * Settings of the Hightouch integration.
     */
    hightouch?: {
      /**
       * Hightouch write key.
       */
      writeKey: string;
      /**
       * Host of the Hightouch API.
       */
      apiHost?: string;
    };
  };
  /**
   * Accepted by the public format (not in the spec): third-party integrations other than analytics (intercom, frontchat, osano).
   */
  integrations?: {
    /**
     * Intercom app ID.
     */
    intercom?: string;
    /**
     * Front chat ID.
     */
    frontchat?: string;
    /**
     * Osano script source URL.
     */
    osano?: string;
  };
  /**
   * Accepted by the public format (not in the spec): hides the generator branding.
   */
  isWhiteLabeled?: boolean;
  /**
   * Accepted by the public format (not in the spec): search bar settings (prompt, location).
   */
  search?: {
    /**
     * Placeholder text of the search bar.
     */
    prompt?: string;
    /**
     * Where the search bar sits.
     */
    location?: 'side' | 'top';
  };
  /**
   * Accepted by the public format (not in the spec): redirects from one path to another.
   */
  redirects?: {
    /**
     * Path to redirect from.
     */
    source: string;
    /**
     * Path to redirect to.
     */
    destination: string;
    /**
     * Whether the redirect is permanent.
     */
    permanent?: boolean;
  }[];
  /**
   * Accepted by the public format (not in the spec): search-engine settings such as indexHiddenPages.
   */
  seo?: {
    /**
     * Lets search engines index pages that are not in the navigation.
     */
    indexHiddenPages?: boolean;
  };
  /**
   * Accepted by the public format (not in the spec): what the line above each page title shows, section (the group name) or breadcrumbs (the path of groups).
   */
  eyebrow?: {
    /**
     * section or breadcrumbs.
     */
    display?: 'section' | 'breadcrumbs';
  };
}
/**
 * A named group of pages in the sidebar. pages holds paths without extension (for example "guides/setup"), or nested groups.
 */
export interface NavigationGroup {
  /**
   * Name of the group, shown as its heading in the sidebar.
   */
  group: string;
  /**
   * Relative paths (without extension) of the Markdown files that are the pages of this group, for example "quickstart" or "guides/setup"; an item may also be a nested group { "group", "pages" }.
   *
   * @minItems 1
   */
  pages: [string | NavigationGroup, ...(string | NavigationGroup)[]];
  /**
   * Name of a Font Awesome icon for the group, without the fa- prefix (for example book-open).
   */
  icon?: string;
  /**
   * Accepted by the public format (not in the spec): style of the group icon.
   */
  iconType?:
    'brands' | 'duotone' | 'light' | 'sharp-solid' | 'solid' | 'thin' | 'regular' | 'sharp-light' | 'sharp-regular' | 'sharp-thin' | 'sharp-duotone-solid';
  /**
   * Shows the group only when this docs version is selected; must be one of the names in versions.
   */
  version?: string;
  /**
   * Whether the pages of this group are public on a site with authentication.
   */
  public?: boolean;
}
/**
 * A gradient between two hex colours.
 */
export interface Gradient {
  /**
   * Hex colour where the gradient starts.
   */
  from: string;
  /**
   * Accepted by the public format (not in the spec): hex colour in the middle of the gradient.
   */
  via?: string;
  /**
   * Hex colour where the gradient ends.
   */
  to: string;
}
/**
 * Accepted by the public format (not in the spec): deprecated colour, still tolerated.
 */
export interface DeprecatedColor {
  [k: string]: unknown | undefined;
}
/**
 * A button in the top bar. With type: "link" it is a plain button with name and url; with type: "github" it shows the repository at url, including its star count.
 */
export interface CallToAction {
  /**
   * Kind of button: link shows a plain button, github shows information about the repository at url (including the star count).
   *
   * Default: link
   */
  type?: 'link' | 'github';
  /**
   * For a link button: where the button leads. For a github button: the repository to load information from.
   */
  url: string;
  /**
   * Button text. Required only when type is link.
   */
  name?: string;
  /**
   * Accepted by the public format (not in the spec): shape of a link button.
   */
  style?: 'pill' | 'roundedRectangle';
  /**
   * Accepted by the public format (not in the spec): whether a link button shows an arrow.
   */
  arrow?: boolean;
}
/**
 * A button in the top bar. With type: "link" it is a plain button with name and url; with type: "github" it shows the repository at url, including its star count.
 */
export interface CallToAction1 {
  /**
   * Kind of button: link shows a plain button, github shows information about the repository at url (including the star count).
   *
   * Default: link
   */
  type?: 'link' | 'github';
  /**
   * For a link button: where the button leads. For a github button: the repository to load information from.
   */
  url: string;
  /**
   * Button text. Required only when type is link.
   */
  name?: string;
  /**
   * Accepted by the public format (not in the spec): shape of a link button.
   */
  style?: 'pill' | 'roundedRectangle';
  /**
   * Accepted by the public format (not in the spec): whether a link button shows an arrow.
   */
  arrow?: boolean;
}
/**
 * A link at the top of the sidebar that groups the pages whose path starts with url, or links to an external site.
 */
export interface Anchor {
  /**
   * Label of the anchor.
   */
  name: string;
  /**
   * Start of the path of the pages that belong to the anchor, usually the folder holding them (for example "api-reference"); or a full URL for an external link.
   */
  url: string;
  /**
   * Name of a Font Awesome icon for the anchor, without the fa- prefix (for example book-open).
   */
  icon?: string;
  /**
   * Style of the anchor icon.
   *
   * Default: duotone
   */
  iconType?:
    'brands' | 'duotone' | 'light' | 'sharp-solid' | 'solid' | 'thin' | 'regular' | 'sharp-light' | 'sharp-regular' | 'sharp-thin' | 'sharp-duotone-solid';
  /**
   * Background colour of the anchor icon: one hex colour, or an object { "from", "to" } of hex colours for a gradient.
   */
  color?: HexColor | Gradient;
  /**
   * Hides the anchor until this docs version is selected; must be one of the names in versions.
   */
  version?: string;
  /**
   * When true, the anchor stays hidden until someone is linked directly to a page inside it.
   *
   * Default: false
   */
  isDefaultHidden?: boolean;
  /**
   * Accepted by the public format (not in the spec): OpenAPI file used for the pages of this anchor; a path starting with / or an https URL.
   */
  openapi?: string;
}
/**
 * A navigation tab that holds the pages whose path starts with url.
 */
export interface Tab {
  /**
   * Label of the tab.
   */
  name: string;
  /**
   * Start of the path of the pages that belong to the tab, usually the folder holding them (for example "api-reference").
   */
  url: string;
  /**
   * Accepted by the public format (not in the spec): shows the tab only when this docs version is selected.
   */
  version?: string;
  /**
   * Accepted by the public format (not in the spec): when true, hides the tab until someone is linked directly to a page inside it.
   */
  isDefaultHidden?: boolean;
  /**
   * Accepted by the public format (not in the spec): OpenAPI file used for the pages of this tab; a path starting with / or an https URL.
   */
  openapi?: string;
}
/**
 * Map from a platform key to the URL of your account on that platform. Keys: website, github, linkedin, instagram, x, twitter, discord, slack, hacker-news, facebook, youtube, medium, telegram.
 */
export interface SocialsObject {
  /**
   * Your website. Value: the account URL.
   */
  website?: string;
  /**
   * Your GitHub organisation or repository. Value: the account URL.
   */
  github?: string;
  /**
   * Your LinkedIn page. Value: the account URL.
   */
  linkedin?: string;
  /**
   * Your Instagram account. Value: the account URL.
   */
  instagram?: string;
  /**
   * Your X account. Value: the account URL.
   */
  x?: string;
  /**
   * Your X account (older key name, accepted as an alias of x). Value: the account URL.
   */
  twitter?: string;
  /**
   * Your Discord server. Value: the account URL.
   */
  discord?: string;
  /**
   * Your Slack community. Value: the account URL.
   */
  slack?: string;
  /**
   * Your Hacker News profile. Value: the account URL.
   */
  'hacker-news'?: string;
  /**
   * Your Facebook page. Value: the account URL.
   */
  facebook?: string;
  /**
   * Accepted by the public format (not in the spec): your YouTube channel. Value: the account URL.
   */
  youtube?: string;
  /**
   * Accepted by the public format (not in the spec): your Medium publication. Value: the account URL.
   */
  medium?: string;
  /**
   * Accepted by the public format (not in the spec): your Telegram channel. Value: the account URL.
   */
  telegram?: string;
  /**
   * Your x-twitter profile. Value: the account URL.
   */
  'x-twitter'?: string;
  /**
   * Your earth-americas profile. Value: the account URL.
   */
  'earth-americas'?: string;
  /**
   * Your bluesky profile. Value: the account URL.
   */
  bluesky?: string;
  /**
   * Your threads profile. Value: the account URL.
   */
  threads?: string;
  /**
   * Your reddit profile. Value: the account URL.
   */
  reddit?: string;
  /**
   * Your podcast profile. Value: the account URL.
   */
  podcast?: string;
}
/**
 * One font: family, and optionally weight, url and format.
 */
export interface FontDetails {
  /**
   * Font family name, for example Open Sans.
   */
  family: string;
  /**
   * Font weight, for example 400 or 700.
   */
  weight?: number;
  /**
   * URL of the font file, for a font not taken from Google Fonts.
   */
  url?: string;
  /**
   * Format of the font file at url.
   */
  format?: 'woff' | 'woff2';
}
/**
 * One font: family, and optionally weight, url and format.
 */
export interface FontDetails1 {
  /**
   * Font family name, for example Open Sans.
   */
  family: string;
  /**
   * Font weight, for example 400 or 700.
   */
  weight?: number;
  /**
   * URL of the font file, for a font not taken from Google Fonts.
   */
  url?: string;
  /**
   * Format of the font file at url.
   */
  format?: 'woff' | 'woff2';
}
/**
 * One font: family, and optionally weight, url and format.
 */
export interface FontDetails2 {
  /**
   * Font family name, for example Open Sans.
   */
  family: string;
  /**
   * Font weight, for example 400 or 700.
   */
  weight?: number;
  /**
   * URL of the font file, for a font not taken from Google Fonts.
   */
  url?: string;
  /**
   * Format of the font file at url.
   */
  format?: 'woff' | 'woff2';
}
