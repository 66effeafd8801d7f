// Generated from schemas/docs-current.schema.json by scripts/gen-config-types.mjs (npm run gen:types): edit the schema, not this file.

/**
 * Loads this value from another JSON file, relative to this one. Keys written next to $ref are merged over what the file holds.
 */
export type RefFile = string;
/**
 * Font family (Google Fonts names load by themselves).
 */
export type FontFamily = string;
/**
 * Font weight, for example 400 or 550 for variable fonts.
 */
export type FontWeight = number;
/**
 * URL or site path of the font file (not needed for Google Fonts).
 */
export type FontSource = string;
/**
 * Format of the font file (needed with source).
 */
export type FontFormat = 'woff' | 'woff2';
/**
 * An icon: the name of an icon of the chosen library (for example book-open), a URL, a path to an image in the site, or SVG markup; or an object naming the icon, its style and library.
 */
export type Icon =
  | string
  | {
      /**
       * Icon name.
       */
      name: string;
      /**
       * Font Awesome style of the icon.
       */
      style?:
        'regular' | 'solid' | 'light' | 'thin' | 'sharp-solid' | 'duotone' | 'brands' | 'sharp-light' | 'sharp-regular' | 'sharp-thin' | 'sharp-duotone-solid';
      /**
       * Icon library the name comes from.
       */
      library?: 'fontawesome' | 'lucide' | 'tabler';
    };
/**
 * Font Awesome style of the icon (ignored for other libraries).
 */
export type IconType =
  'regular' | 'solid' | 'light' | 'thin' | 'sharp-solid' | 'duotone' | 'brands' | 'sharp-light' | 'sharp-regular' | 'sharp-thin' | 'sharp-duotone-solid';
/**
 * Tabs: sections shown in the top bar, each with its own sidebar.
 *
 * @minItems 1
 */
export type NavTabs = [Tab, ...Tab[]];
/**
 * Short text shown under the label.
 */
export type NavDescription = string;
/**
 * A link (URL or site path) instead of content of its own.
 */
export type NavHref = string;
/**
 * Hides this entry from the navigation (its pages stay published).
 */
export type NavHidden = boolean;
/**
 * OpenAPI file(s) whose operations become pages here (path in the site or URL). An object can also set the folder of the generated pages.
 */
export type Openapi = string | (string | OpenapiSource)[] | OpenapiSource;
/**
 * Folder (URL prefix) of the generated pages.
 */
export type SpecDirectory = string;
/**
 * AsyncAPI file(s) whose channels become pages here (path in the site or URL).
 */
export type Asyncapi =
  | AsyncapiSource
  | AsyncapiSource[]
  | {
      source: AsyncapiSource;
      directory?: SpecDirectory;
    };
/**
 * Path in the site or HTTP(S) URL of an AsyncAPI file.
 */
export type AsyncapiSource = string;
/**
 * Listing of child pages shown on group root pages below this point (inherited; descendants may override).
 */
export type Directory = 'none' | 'accordion' | 'card';
/**
 * Anchors: persistent links at the top of the sidebar, each holding a section or pointing elsewhere.
 *
 * @minItems 1
 */
export type NavAnchors = [Anchor, ...Anchor[]];
/**
 * Versions: a switcher between versions of the docs; each version holds its own navigation.
 *
 * @minItems 1
 */
export type NavVersions = [Version, ...Version[]];
/**
 * Badge shown next to the version in the switcher, such as Latest.
 */
export type Tag = string;
/**
 * Languages: a switcher between translations; each language holds its own navigation.
 *
 * @minItems 1
 */
export type NavLanguages = [Language, ...Language[]];
/**
 * Language code.
 */
export type LanguageCode =
  | 'ar'
  | 'ca'
  | 'cn'
  | 'cs'
  | 'da'
  | 'de'
  | 'en'
  | 'es'
  | 'fi'
  | 'fr'
  | 'fr-CA'
  | 'fr-ca'
  | 'he'
  | 'hi'
  | 'hu'
  | 'id'
  | 'it'
  | 'ja'
  | 'ja-JP'
  | 'ja-jp'
  | 'jp'
  | 'ko'
  | 'lv'
  | 'nl'
  | 'no'
  | 'pl'
  | 'pt'
  | 'pt-BR'
  | 'ro'
  | 'ru'
  | 'sv'
  | 'tr'
  | 'uk'
  | 'uz'
  | 'vi'
  | 'zh'
  | 'zh-CN'
  | 'zh-Hans'
  | 'zh-Hant'
  | 'zh-TW';
/**
 * Groups: labelled sections of the sidebar.
 *
 * @minItems 1
 */
export type NavGroups = [Group, ...Group[]];
/**
 * A page path (without extension), an OpenAPI operation, or a nested group.
 */
export type PageOrGroup = PagePath | Group;
/**
 * Path of a page, relative to the folder that holds docs.json and without extension (for example guides/setup); or an OpenAPI operation such as GET /users (optionally after the spec file: openapi.json GET /users).
 */
export type PagePath = string;
/**
 * Whether the pages here appear in search results (default true).
 */
export type Searchable = boolean;
/**
 * Pages, in order: paths without extension, or nested groups.
 */
export type NavPages = PageOrGroup[];
/**
 * Where the tab sits in the tab bar: start (default) or end.
 */
export type Align = 'start' | 'end';
/**
 * Name of the product shown in the product switcher; product is used when it is absent.
 */
export type DisplayName = string;
/**
 * Products: a switcher between products that each have their own navigation.
 */
export type NavProducts = Product[];
/**
 * Dropdowns: sections chosen from a menu at the top of the sidebar.
 */
export type NavDropdowns = Dropdown[];
/**
 * Path in the site or HTTPS URL of the schema.
 */
export type GraphqlSource = string;

/**
 * Configuration of a documentation site in the current format: navigation is an object that nests tabs, anchors, dropdowns, products, versions, languages, groups and pages; theme, navbar, footer and the other settings sit beside it.
 */
export interface DocsJsonCurrent {
  /**
   * URL of the JSON Schema that describes this file.
   */
  $schema?: string;
  $ref?: RefFile;
  /**
   * Layout theme of the site.
   */
  theme: 'mint' | 'maple' | 'palm' | 'willow' | 'linden' | 'almond' | 'aspen' | 'sequoia' | 'luma';
  /**
   * Name of the project, organisation or product; used as the site title.
   */
  name: string;
  /**
   * Description of the site, used for search engines and AI tools.
   */
  description?: string;
  /**
   * Theme colours.
   */
  colors: {
    /**
     * Main colour: emphasis and accents in light mode.
     */
    primary: string;
    /**
     * Emphasis colour in dark mode.
     */
    light?: string;
    /**
     * Colour of buttons and hover states in both modes.
     */
    dark?: string;
  };
  /**
   * Logo: one image path, or separate images for light and dark mode and the target of a click.
   */
  logo?:
    | string
    | {
        /**
         * Logo in light mode.
         */
        light: string;
        /**
         * Logo in dark mode.
         */
        dark: string;
        /**
         * Where a click on the logo leads.
         */
        href?: string;
      };
  /**
   * Favicon: one image path, or one per mode.
   */
  favicon?:
    | string
    | {
        /**
         * Image in light mode.
         */
        light: string;
        /**
         * Image in dark mode.
         */
        dark: string;
      };
  /**
   * Light and dark mode.
   */
  appearance?: {
    /**
     * Mode shown to new readers.
     */
    default?: 'system' | 'light' | 'dark';
    /**
     * Hides the light/dark toggle, so only the default mode is shown.
     */
    strict?: boolean;
  };
  /**
   * Fonts of the site; heading and body override them for headings and body text.
   */
  fonts?: (
    | {}
    | {
        heading?: {};
        body?: {};
      }
  ) & {
    family?: FontFamily;
    weight?: FontWeight;
    source?: FontSource;
    format?: FontFormat;
    heading?: FontDetails;
    body?: FontDetails1;
  };
  /**
   * Icon settings.
   */
  icons?: {
    /**
     * Library that icon names come from.
     */
    library: 'fontawesome' | 'lucide' | 'tabler';
  };
  /**
   * Background image, decoration and colours.
   */
  background?: {
    /**
     * Image behind every page: one path, or one per mode.
     */
    image?:
      | string
      | {
          /**
           * Image in light mode.
           */
          light: string;
          /**
           * Image in dark mode.
           */
          dark: string;
        };
    /**
     * Decorative background pattern.
     */
    decoration?: 'gradient' | 'grid' | 'windows';
    color?: ColorPair;
  };
  /**
   * Visual details.
   */
  styling?: {
    /**
     * What is shown above a page's title.
     */
    eyebrows?: 'section' | 'breadcrumbs';
    /**
     * Loads the LaTeX stylesheets (detected by default).
     */
    latex?: boolean;
    /**
     * Theme of code blocks: system, dark, or an object naming a Shiki theme.
     */
    codeblocks?:
      | ('system' | 'dark')
      | {
          /**
           * One Shiki theme, or one per mode.
           */
          theme?:
            | (
                | 'andromeeda'
                | 'aurora-x'
                | 'ayu-dark'
                | 'catppuccin-frappe'
                | 'catppuccin-latte'
                | 'catppuccin-macchiato'
                | 'catppuccin-mocha'
                | 'dark-plus'
                | 'dracula'
                | 'dracula-soft'
                | 'everforest-dark'
                | 'everforest-light'
                | 'github-dark'
                | 'github-dark-default'
                | 'github-dark-dimmed'
                | 'github-dark-high-contrast'
                | 'github-light'
                | 'github-light-default'
                | 'github-light-high-contrast'
                | 'gruvbox-dark-hard'
                | 'gruvbox-dark-medium'
                | 'gruvbox-dark-soft'
                | 'gruvbox-light-hard'
                | 'gruvbox-light-medium'
                | 'gruvbox-light-soft'
                | 'houston'
                | 'kanagawa-dragon'
                | 'kanagawa-lotus'
                | 'kanagawa-wave'
                | 'laserwave'
                | 'light-plus'
                | 'material-theme'
                | 'material-theme-darker'
                | 'material-theme-lighter'
                | 'material-theme-ocean'
                | 'material-theme-palenight'
                | 'min-dark'
                | 'min-light'
                | 'monokai'
                | 'night-owl'
                | 'nord'
                | 'one-dark-pro'
                | 'one-light'
                | 'plastic'
                | 'poimandres'
                | 'red'
                | 'rose-pine'
                | 'rose-pine-dawn'
                | 'rose-pine-moon'
                | 'slack-dark'
                | 'slack-ochin'
                | 'snazzy-light'
                | 'solarized-dark'
                | 'solarized-light'
                | 'synthwave-84'
                | 'tokyo-night'
                | 'vesper'
                | 'vitesse-black'
                | 'vitesse-dark'
                | 'vitesse-light'
                | 'css-variables'
              )
            | {
                /**
                 * Theme in light mode.
                 */
                light?:
                  | 'andromeeda'
                  | 'aurora-x'
                  | 'ayu-dark'
                  | 'catppuccin-frappe'
                  | 'catppuccin-latte'
                  | 'catppuccin-macchiato'
                  | 'catppuccin-mocha'
                  | 'dark-plus'
                  | 'dracula'
                  | 'dracula-soft'
                  | 'everforest-dark'
                  | 'everforest-light'
                  | 'github-dark'
                  | 'github-dark-default'
                  | 'github-dark-dimmed'
                  | 'github-dark-high-contrast'
                  | 'github-light'
                  | 'github-light-default'
                  | 'github-light-high-contrast'
                  | 'gruvbox-dark-hard'
                  | 'gruvbox-dark-medium'
                  | 'gruvbox-dark-soft'
                  | 'gruvbox-light-hard'
                  | 'gruvbox-light-medium'
                  | 'gruvbox-light-soft'
                  | 'houston'
                  | 'kanagawa-dragon'
                  | 'kanagawa-lotus'
                  | 'kanagawa-wave'
                  | 'laserwave'
                  | 'light-plus'
                  | 'material-theme'
                  | 'material-theme-darker'
                  | 'material-theme-lighter'
                  | 'material-theme-ocean'
                  | 'material-theme-palenight'
                  | 'min-dark'
                  | 'min-light'
                  | 'monokai'
                  | 'night-owl'
                  | 'nord'
                  | 'one-dark-pro'
                  | 'one-light'
                  | 'plastic'
                  | 'poimandres'
                  | 'red'
                  | 'rose-pine'
                  | 'rose-pine-dawn'
                  | 'rose-pine-moon'
                  | 'slack-dark'
                  | 'slack-ochin'
                  | 'snazzy-light'
                  | 'solarized-dark'
                  | 'solarized-light'
                  | 'synthwave-84'
                  | 'tokyo-night'
                  | 'vesper'
                  | 'vitesse-black'
                  | 'vitesse-dark'
                  | 'vitesse-light'
                  | 'css-variables';
                /**
                 * Theme in dark mode.
                 */
                dark?:
                  | 'andromeeda'
                  | 'aurora-x'
                  | 'ayu-dark'
                  | 'catppuccin-frappe'
                  | 'catppuccin-latte'
                  | 'catppuccin-macchiato'
                  | 'catppuccin-mocha'
                  | 'dark-plus'
                  | 'dracula'
                  | 'dracula-soft'
                  | 'everforest-dark'
                  | 'everforest-light'
                  | 'github-dark'
                  | 'github-dark-default'
                  | 'github-dark-dimmed'
                  | 'github-dark-high-contrast'
                  | 'github-light'
                  | 'github-light-default'
                  | 'github-light-high-contrast'
                  | 'gruvbox-dark-hard'
                  | 'gruvbox-dark-medium'
                  | 'gruvbox-dark-soft'
                  | 'gruvbox-light-hard'
                  | 'gruvbox-light-medium'
                  | 'gruvbox-light-soft'
                  | 'houston'
                  | 'kanagawa-dragon'
                  | 'kanagawa-lotus'
                  | 'kanagawa-wave'
                  | 'laserwave'
                  | 'light-plus'
                  | 'material-theme'
                  | 'material-theme-darker'
                  | 'material-theme-lighter'
                  | 'material-theme-ocean'
                  | 'material-theme-palenight'
                  | 'min-dark'
                  | 'min-light'
                  | 'monokai'
                  | 'night-owl'
                  | 'nord'
                  | 'one-dark-pro'
                  | 'one-light'
                  | 'plastic'
                  | 'poimandres'
                  | 'red'
                  | 'rose-pine'
                  | 'rose-pine-dawn'
                  | 'rose-pine-moon'
                  | 'slack-dark'
                  | 'slack-ochin'
                  | 'snazzy-light'
                  | 'solarized-dark'
                  | 'solarized-light'
                  | 'synthwave-84'
                  | 'tokyo-night'
                  | 'vesper'
                  | 'vitesse-black'
                  | 'vitesse-dark'
                  | 'vitesse-light'
                  | 'css-variables';
              };
          /**
           * Custom languages.
           */
          languages?: {
            /**
             * Paths of TextMate grammar JSON files.
             */
            custom?: string[];
          };
        };
  };
  /**
   * Social media preview images.
   */
  thumbnails?: {
    /**
     * Light or dark thumbnails.
     */
    appearance?: 'light' | 'dark';
    /**
     * Background image of thumbnails (path or URL).
     */
    background?: string;
    /**
     * Font of thumbnails.
     */
    fonts?: {
      /**
       * Google Fonts family name.
       */
      family: string;
    };
  };
  navbar?: Navbar;
  /**
   * The navigation of the site: one primary pattern at the root (tabs, anchors, dropdowns, products, versions, languages, groups or pages), nested as needed.
   */
  navigation: {} & {
    tabs?: NavTabs;
    anchors?: NavAnchors;
    dropdowns?: NavDropdowns;
    products?: NavProducts;
    versions?: NavVersions;
    languages?: NavLanguages;
    groups?: NavGroups;
    pages?: NavPages;
    global?: Global;
    $ref?: RefFile;
    openapi?: Openapi;
    asyncapi?: Asyncapi;
    directory?: Directory;
  };
  footer?: Footer2;
  banner?: Banner2;
  /**
   * Navigation behaviour.
   */
  interaction?: {
    /**
     * Whether clicking a group opens its first page (otherwise it only expands).
     */
    drilldown?: boolean;
  };
  /**
   * The contextual menu of page actions (copy, view as Markdown, open in AI tools).
   */
  contextual?: {
    /**
     * Actions of the menu; the first is the default.
     *
     * Items: A built-in action or a custom one.
     */
    options: (
      | (
          | 'copy'
          | 'assistant'
          | 'view'
          | 'download-pdf'
          | 'download-spec'
          | 'chatgpt'
          | 'claude'
          | 'perplexity'
          | 'grok'
          | 'aistudio'
          | 'devin'
          | 'windsurf'
          | 'mcp'
          | 'add-mcp'
          | 'cursor'
          | 'vscode'
          | 'devin-mcp'
        )
      | {
          /**
           * Title of the action.
           */
          title: string;
          /**
           * Description of the action.
           */
          description: string;
          icon?: Icon;
          /**
           * Where the action leads; $page, $path and $mcp are replaced.
           */
          href:
            | string
            | {
                /**
                 * The URL without its query.
                 */
                base: string;
                /**
                 * Query parameters, in order; $page, $path and $mcp in values are replaced.
                 */
                query?: {
                  /**
                   * Parameter name.
                   */
                  key: string;
                  /**
                   * Parameter value.
                   */
                  value: string;
                }[];
              };
        }
    )[];
    /**
     * Where the menu is shown.
     */
    display?: 'header' | 'toc';
    $ref?: RefFile;
  };
  /**
   * Redirects for moved, renamed or deleted pages.
   */
  redirects?:
    | {
        /**
         * Path to redirect from, for example /old-page (:param and * match segments).
         */
        source: string;
        /**
         * Path or URL to redirect to.
         */
        destination: string;
        /**
         * Permanent (308) or temporary (307) redirect.
         */
        permanent?: boolean;
      }[]
    | {
        $ref: RefFile;
      };
  /**
   * Text variables replaced in pages at build time ({{name}}).
   */
  variables?: {
    [k: string]: string | undefined;
  };
  /**
   * Page metadata.
   */
  metadata?: {
    /**
     * Shows the last-modified date on every page.
     */
    timestamp?: boolean;
  };
  /**
   * Error pages.
   */
  errors?: {
    /**
     * The "page not found" page.
     */
    '404': {
      /**
       * Redirects to the home page instead.
       */
      redirect?: boolean;
      /**
       * Title of the page.
       */
      title?: string;
      /**
       * Text of the page (MDX).
       */
      description?: string;
    };
  };
  /**
   * API reference settings.
   */
  api?: {
    /**
     * OpenAPI file(s) whose operations become pages here (path in the site or URL). An object can also set the folder of the generated pages.
     */
    openapi?: string | (string | OpenapiSource)[] | OpenapiSource;
    /**
     * AsyncAPI file(s) whose channels become pages here (path in the site or URL).
     */
    asyncapi?:
      | AsyncapiSource
      | AsyncapiSource[]
      | {
          source: AsyncapiSource;
          directory?: SpecDirectory;
        };
    /**
     * The API playground.
     */
    playground?: {
      /**
       * How the playground is shown.
       */
      display?: 'interactive' | 'simple' | 'none' | 'auth';
      /**
       * Sends requests through a proxy.
       */
      proxy?: boolean;
      /**
       * Sends cookies and auth headers on cross-origin requests when proxy is off.
       */
      credentials?: boolean;
    };
    /**
     * Parameter display.
     */
    params?: {
      /**
       * Whether parameters start expanded.
       */
      expanded?: 'all' | 'closed';
      /**
       * OpenAPI schema keys shown as pills next to parameter names.
       */
      post?: string[];
    };
    /**
     * Shows the full base URL.
     */
    url?: 'full';
    /**
     * Generated code examples.
     */
    examples?: {
      /**
       * Languages of generated examples.
       *
       * @minItems 1
       */
      languages?: [string, ...string[]];
      /**
       * Whether examples include optional parameters.
       */
      defaults?: 'required' | 'all';
      /**
       * Prefills the playground with example values.
       */
      prefill?: boolean;
      /**
       * Generates examples from the API specification.
       */
      autogenerate?: boolean;
    };
    /**
     * API pages written in MDX.
     */
    mdx?: {
      /**
       * Authentication of requests from MDX API pages.
       */
      auth?: {
        /**
         * Authentication method.
         */
        method?: 'bearer' | 'basic' | 'key' | 'cobo';
        /**
         * Name of the authentication parameter; for basic, username:password.
         */
        name?: string;
      };
      /**
       * Base URL(s) of relative paths in pages' api front matter.
       */
      server?: string | string[];
    };
  };
  /**
   * Markdown served to AI tools.
   */
  markdown?: {
    /**
     * Includes the API specification in the Markdown of API pages.
     */
    schema?: boolean;
    /**
     * Instructions appended to every page's Markdown and to llms.txt.
     */
    instructions?: string | string[];
  };
  /**
   * Search engine settings.
   */
  seo?: {
    /**
     * Which pages search engines index.
     */
    indexing?: 'navigable' | 'all';
    /**
     * Meta tags added to every page (name to content).
     */
    metatags?: {
      [k: string]: string | undefined;
    };
    /**
     * Publisher of the site in structured data: id, name, legalName, url, logo, sameAs.
     */
    organization?: {
      /**
       * Identifier (URL) of the organisation in structured data.
       */
      id?: string;
      /**
       * Name of the organisation.
       */
      name?: string;
      /**
       * Registered legal name of the organisation.
       */
      legalName?: string;
      /**
       * Website of the organisation.
       */
      url?: string;
      /**
       * URL of the organisation's logo.
       */
      logo?: string;
      /**
       * URLs of the organisation's other profiles (social accounts, directories).
       */
      sameAs?: string[];
    };
    /**
     * Whether page URLs end with a slash (/page/) instead of without (/page).
     */
    trailingSlash?: boolean;
    /**
     * Meta tags for some paths only: each entry names a path and the metatags added to its pages.
     *
     * Items: Meta tags of one path.
     */
    paths?: {
      /**
       * The path the tags apply to.
       */
      path: string;
      /**
       * Meta tag names and their values.
       */
      metatags: {
        [k: string]: string | undefined;
      };
    }[];
  };
  /**
   * The search bar.
   */
  search?: {
    /**
     * Placeholder text of the search bar.
     */
    prompt?: string;
  };
  /**
   * Analytics and other third-party integrations.
   */
  integrations?: {
    /**
     * Adobe Analytics.
     */
    adobe?: {
      /**
       * Launch URL.
       */
      launchUrl: string;
    };
    /**
     * Amplitude.
     */
    amplitude?: {
      /**
       * API key.
       */
      apiKey: string;
    };
    /**
     * Microsoft Clarity.
     */
    clarity?: {
      /**
       * Project ID.
       */
      projectId: string;
    };
    /**
     * Clearbit.
     */
    clearbit?: {
      /**
       * Public API key.
       */
      publicApiKey: string;
    };
    /**
     * Cookie consent.
     */
    cookies?: {
      /**
       * Cookie key.
       */
      key?: string;
      /**
       * Cookie value.
       */
      value?: string;
    };
    /**
     * Fathom.
     */
    fathom?: {
      /**
       * Site ID.
       */
      siteId: string;
    };
    /**
     * Front chat.
     */
    frontchat?: {
      /**
       * Snippet ID.
       */
      snippetId: string;
    };
    /**
     * Google Analytics 4.
     */
    ga4?: {
      /**
       * Measurement ID (starts with G).
       */
      measurementId: string;
    };
    /**
     * Google Tag Manager.
     */
    gtm?: {
      /**
       * Container ID.
       */
      tagId: string;
    };
    /**
     * Heap.
     */
    heap?: {
      /**
       * App ID.
       */
      appId: string;
    };
    /**
     * Hightouch.
     */
    hightouch?: {
      /**
       * Write key.
       */
      writeKey: string;
      /**
       * API host.
       */
      apiHost?: string;
    };
    /**
     * Hotjar.
     */
    hotjar?: {
      /**
       * Site ID.
       */
      hjid: string;
      /**
       * Script version.
       */
      hjsv: string;
    };
    /**
     * Intercom.
     */
    intercom?: {
      /**
       * App ID.
       */
      appId: string;
    };
    /**
     * Koala.
     */
    koala?: {
      /**
       * Public API key.
       */
      publicApiKey: string;
    };
    /**
     * LogRocket.
     */
    logrocket?: {
      /**
       * App ID.
       */
      appId: string;
    };
    /**
     * Mixpanel.
     */
    mixpanel?: {
      /**
       * Project token.
       */
      projectToken: string;
      /**
       * Data residency region of the Mixpanel project.
       */
      region?: 'us' | 'eu' | 'in';
    };
    /**
     * Osano.
     */
    osano?: {
      /**
       * Script URL.
       */
      scriptSource: string;
    };
    /**
     * Pirsch.
     */
    pirsch?: {
      /**
       * Site ID.
       */
      id: string;
    };
    /**
     * Plausible.
     */
    plausible?: {
      /**
       * Domain.
       */
      domain: string;
      /**
       * Server (self-hosted only).
       */
      server?: string;
    };
    /**
     * PostHog.
     */
    posthog?: {
      /**
       * API key (starts with phc_).
       */
      apiKey: string;
      /**
       * API host (self-hosted only).
       */
      apiHost?: string;
      /**
       * Records sessions.
       */
      sessionRecording?: boolean;
    };
    /**
     * Segment.
     */
    segment?: {
      /**
       * Write key.
       */
      key: string;
      /**
       * HTTPS URL of a custom CDN that serves the Segment script (no query or fragment).
       */
      cdnUrl?: string;
    };
    /**
     * Telemetry of the docs platform.
     */
    telemetry?: {
      /**
       * Enables telemetry (and feedback features).
       */
      enabled?: boolean;
    };
    /**
     * OneTrust cookie consent.
     */
    onetrust?: {
      /**
       * The OneTrust domain script ID.
       */
      domainScript: string;
      /**
       * The consent category that gates analytics.
       */
      categoryId?: string;
      /**
       * URL the OneTrust script is loaded from.
       */
      scriptSource?: string;
    };
    /**
     * Transcend consent management.
     */
    transcend?: {
      /**
       * The Transcend bundle ID (letters, digits, _ and -).
       */
      bundleId: string;
      /**
       * The consent purpose that gates analytics.
       */
      analyticsPurpose?: string;
    };
  };
  /**
   * Whether pages are public by default on a site with authentication; groups and pages can override it.
   */
  public?: boolean;
  /**
   * Variants of the content a reader can switch between (for example programming languages); each option has an id and the label shown.
   */
  variations?: {
    /**
     * The variants, in the order shown.
     *
     * @minItems 1
     *
     * Items: One variant.
     */
    options: [
      {
        /**
         * Identifier of the variant.
         */
        id: string;
        /**
         * Name of the variant shown to readers.
         */
        label: string;
      },
      ...{
        /**
         * Identifier of the variant.
         */
        id: string;
        /**
         * Name of the variant shown to readers.
         */
        label: string;
      }[],
    ];
  };
}
/**
 * Font of headings.
 */
export interface FontDetails {
  family?: FontFamily;
  weight?: FontWeight;
  source?: FontSource;
  format?: FontFormat;
}
/**
 * Font of body text.
 */
export interface FontDetails1 {
  family?: FontFamily;
  weight?: FontWeight;
  source?: FontSource;
  format?: FontFormat;
}
/**
 * Background colours in light and dark mode.
 */
export interface ColorPair {
  /**
   * Colour in light mode.
   */
  light?: string;
  /**
   * Colour in dark mode.
   */
  dark?: string;
}
/**
 * The top navigation bar: links and the main button.
 */
export interface Navbar {
  /**
   * Links shown in the navbar.
   */
  links?: NavbarLink[];
  /**
   * The main button of the navbar.
   */
  primary?: {
    /**
     * Kind of button.
     */
    type: 'button' | 'github' | 'discord';
    /**
     * Text of the button (required when type is button).
     */
    label?: string;
    /**
     * Where the button leads.
     */
    href: string;
    icon?: Icon;
    iconType?: IconType;
  };
  $ref?: RefFile;
}
/**
 * A link in the top navigation bar.
 */
export interface NavbarLink {
  /**
   * Kind of link: github or discord show that platform's icon; leave out (or any other value) for a plain link with a label.
   */
  type?: ('github' | 'discord') | string;
  /**
   * Text of the link (required unless type is set).
   */
  label?: string;
  /**
   * Where the link leads.
   */
  href: string;
  icon?: Icon;
  iconType?: IconType;
}
/**
 * A tab: a section of the site shown in the top bar.
 */
export interface Tab {
  /**
   * Label of the tab.
   */
  tab: string;
  /**
   * A dropdown menu of the tab whose items lead to parts of it.
   */
  menu?: MenuItem[];
  /**
   * Whether the tab's pages appear in search results.
   */
  searchable?: boolean;
  sdk?: Sdk;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  href?: NavHref;
  description?: NavDescription;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
  align?: Align;
  /**
   * A GraphQL schema (SDL) whose types and operations become pages here: a path in the site or HTTPS URL, or an object with source and the directory of the pages.
   */
  graphql?:
    | GraphqlSource
    | {
        source: GraphqlSource;
        /**
         * Folder (URL prefix) of the generated pages.
         */
        directory?: string;
      };
}
/**
 * An item of a tab's or product's menu: a column of pages, groups or another division, or a link.
 */
export interface MenuItem {
  /**
   * Label of the menu item.
   */
  item: string;
  description?: NavDescription;
  href?: NavHref;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
}
/**
 * An OpenAPI file and the folder of its generated pages.
 */
export interface OpenapiSource {
  /**
   * Path or URL of the OpenAPI file.
   */
  source: string;
  directory?: SpecDirectory;
  /**
   * OpenAPI Overlay files applied to the spec, in order; an empty list turns off overlays found next to it.
   */
  overlays?: string[];
}
/**
 * An anchor: a link at the top of the sidebar to a section of the site or elsewhere.
 */
export interface Anchor {
  /**
   * Label of the anchor.
   */
  anchor: string;
  color?: ColorPair1;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  href?: NavHref;
  description?: NavDescription;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
}
/**
 * Colour of the anchor's icon in light and dark mode.
 */
export interface ColorPair1 {
  /**
   * Colour in light mode.
   */
  light?: string;
  /**
   * Colour in dark mode.
   */
  dark?: string;
}
/**
 * A dropdown entry: a section chosen from the menu at the top of the sidebar.
 */
export interface Dropdown {
  /**
   * Label of the dropdown.
   */
  dropdown: string;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  href?: NavHref;
  description?: NavDescription;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
  /**
   * Dropdown icon colours per mode (hex).
   */
  color?: {
    /**
     * Colour in light mode (hex).
     */
    light?: string;
    /**
     * Colour in dark mode (hex).
     */
    dark?: string;
  };
}
/**
 * A product of the product switcher, with its own navigation.
 */
export interface Product {
  /**
   * Label of the product.
   */
  product: string;
  /**
   * A multi-column menu for the product in the switcher.
   */
  menu?: MenuItem[];
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  href?: NavHref;
  description?: NavDescription;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
  name?: DisplayName;
  /**
   * Product icon colours per mode (hex).
   */
  color?: {
    /**
     * Colour in light mode (hex).
     */
    light?: string;
    /**
     * Colour in dark mode (hex).
     */
    dark?: string;
  };
}
/**
 * A version of the docs in the version switcher, with its own navigation.
 */
export interface Version {
  /**
   * Label of the version.
   */
  version: string;
  /**
   * Makes this the version shown first (otherwise the first one is).
   */
  default?: boolean;
  tag?: Tag;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  href?: NavHref;
  description?: NavDescription;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
}
/**
 * A language of the language switcher, with its own navigation and optional banner, footer and navbar.
 */
export interface Language {
  language: LanguageCode;
  /**
   * Makes this the language shown first.
   */
  default?: boolean;
  href?: NavHref;
  banner?: Banner;
  footer?: Footer;
  navbar?: Navbar1;
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  tabs?: NavTabs;
  anchors?: NavAnchors;
  dropdowns?: NavDropdowns;
  products?: NavProducts;
  versions?: NavVersions;
  languages?: NavLanguages;
  groups?: NavGroups;
  pages?: NavPages;
  global?: Global;
}
/**
 * Banner for this language.
 */
export interface Banner {
  /**
   * Text of the banner (basic MDX: links, bold, italic).
   */
  content: string;
  /**
   * Shows a button that closes the banner.
   */
  dismissible?: boolean;
  /**
   * Style of the banner.
   */
  type?: 'info' | 'warning' | 'critical';
  /**
   * Background colours per mode (hex).
   */
  color?: {
    /**
     * Colour in light mode (hex).
     */
    light?: string;
    /**
     * Colour in dark mode (hex).
     */
    dark?: string;
  };
  $ref?: RefFile;
}
/**
 * Footer for this language.
 */
export interface Footer {
  /**
   * Social profiles: platform key to profile URL.
   */
  socials?: {
    /**
     * URL of the x profile.
     */
    x?: string;
    /**
     * URL of the website profile.
     */
    website?: string;
    /**
     * URL of the facebook profile.
     */
    facebook?: string;
    /**
     * URL of the youtube profile.
     */
    youtube?: string;
    /**
     * URL of the discord profile.
     */
    discord?: string;
    /**
     * URL of the slack profile.
     */
    slack?: string;
    /**
     * URL of the github profile.
     */
    github?: string;
    /**
     * URL of the linkedin profile.
     */
    linkedin?: string;
    /**
     * URL of the instagram profile.
     */
    instagram?: string;
    /**
     * URL of the hacker-news profile.
     */
    'hacker-news'?: string;
    /**
     * URL of the medium profile.
     */
    medium?: string;
    /**
     * URL of the telegram profile.
     */
    telegram?: string;
    /**
     * URL of the twitter profile.
     */
    twitter?: string;
    /**
     * URL of the x-twitter profile.
     */
    'x-twitter'?: string;
    /**
     * URL of the earth-americas profile.
     */
    'earth-americas'?: string;
    /**
     * URL of the bluesky profile.
     */
    bluesky?: string;
    /**
     * URL of the threads profile.
     */
    threads?: string;
    /**
     * URL of the reddit profile.
     */
    reddit?: string;
    /**
     * URL of the podcast profile.
     */
    podcast?: string;
  };
  /**
   * Columns of links (at most four).
   *
   * @minItems 1
   * @maxItems 4
   *
   * Items: A column of links.
   */
  links?:
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ];
  $ref?: RefFile;
}
/**
 * Navbar for this language.
 */
export interface Navbar1 {
  /**
   * Links shown in the navbar.
   */
  links?: NavbarLink[];
  /**
   * The main button of the navbar.
   */
  primary?: {
    /**
     * Kind of button.
     */
    type: 'button' | 'github' | 'discord';
    /**
     * Text of the button (required when type is button).
     */
    label?: string;
    /**
     * Where the button leads.
     */
    href: string;
    icon?: Icon;
    iconType?: IconType;
  };
  $ref?: RefFile;
}
/**
 * A labelled group of pages in the sidebar; groups nest.
 */
export interface Group {
  /**
   * Label of the group, shown as its heading in the sidebar (empty: its pages show without a heading).
   */
  group: string;
  /**
   * Pages of the group, in order: paths without extension (for example "guides/setup"), OpenAPI operations, or nested groups.
   */
  pages?: PageOrGroup[];
  /**
   * Page opened when the group's label is clicked (path without extension).
   */
  root?: string;
  /**
   * Label shown next to the group, such as NEW.
   */
  tag?: string;
  /**
   * Whether a nested group starts expanded.
   */
  expanded?: boolean;
  /**
   * Multiplies the search ranking of the group's pages (below 1 lowers it).
   */
  boost?: number;
  /**
   * With authentication on, makes the group's pages public.
   */
  public?: boolean;
  /**
   * Shows the group's pages only to readers in this audience (a group name from user data; default: readers in none of the site's audiences), in the sidebar, search, the assistant and llms.txt. A page's own audience overrides it. Pages stay open by URL: use groups for access. Needs authentication or personalization.
   */
  audience?: string | [string, ...string[]];
  $ref?: RefFile;
  icon?: Icon;
  iconType?: IconType;
  hidden?: NavHidden;
  openapi?: Openapi;
  asyncapi?: Asyncapi;
  directory?: Directory;
  sdk?: Sdk;
  searchable?: Searchable;
  /**
   * Not allowed on a group: the format refuses it (a tab takes graphql).
   */
  graphql?: {
    [k: string]: unknown | undefined;
  };
}
/**
 * Generates reference pages from an SDK documentation artifact.
 */
export interface Sdk {
  /**
   * Tool that produced the artifact.
   */
  format: 'typedoc' | 'docfx' | 'javadoc' | 'sphinx' | 'phpdoc';
  /**
   * Path or HTTPS URL of the artifact.
   */
  source: string;
  /**
   * URL prefix of the generated pages.
   */
  directory?: string;
}
/**
 * Links shown on every page, whatever section the reader is in.
 */
export interface Global {
  /**
   * Tabs that are links.
   */
  tabs?: (GlobalLink & {})[];
  /**
   * Anchors that are links.
   */
  anchors?: (GlobalLink & {})[];
  /**
   * Dropdown entries that are links.
   */
  dropdowns?: (GlobalLink & {})[];
  /**
   * Language entries that are links.
   */
  languages?: (GlobalLink & {})[];
  /**
   * Version entries that are links.
   */
  versions?: (GlobalLink & {})[];
  /**
   * Product entries that are links.
   */
  products?: (GlobalLink & {})[];
}
/**
 * A link shown on every page.
 */
export interface GlobalLink {
  /**
   * Label of a tab.
   */
  tab?: string;
  /**
   * Label of an anchor.
   */
  anchor?: string;
  /**
   * Label of a dropdown entry.
   */
  dropdown?: string;
  language?: LanguageCode;
  /**
   * Label of a version.
   */
  version?: string;
  /**
   * Label of a product.
   */
  product?: string;
  description?: NavDescription;
  icon?: Icon;
  iconType?: IconType;
  color?: ColorPair2;
  /**
   * Hides the link.
   */
  hidden?: boolean;
  /**
   * Marks the default entry.
   */
  default?: boolean;
  /**
   * Where the link leads: a URL or a site path.
   */
  href?: string;
  $ref?: RefFile;
  directory?: Directory;
  searchable?: Searchable;
  align?: Align;
  tag?: Tag;
  name?: DisplayName;
  banner?: Banner1;
  footer?: Footer1;
  navbar?: Navbar2;
}
/**
 * Colour of the icon in light and dark mode.
 */
export interface ColorPair2 {
  /**
   * Colour in light mode.
   */
  light?: string;
  /**
   * Colour in dark mode.
   */
  dark?: string;
}
/**
 * Banner for this language.
 */
export interface Banner1 {
  /**
   * Text of the banner (basic MDX: links, bold, italic).
   */
  content: string;
  /**
   * Shows a button that closes the banner.
   */
  dismissible?: boolean;
  /**
   * Style of the banner.
   */
  type?: 'info' | 'warning' | 'critical';
  /**
   * Background colours per mode (hex).
   */
  color?: {
    /**
     * Colour in light mode (hex).
     */
    light?: string;
    /**
     * Colour in dark mode (hex).
     */
    dark?: string;
  };
  $ref?: RefFile;
}
/**
 * Footer for this language.
 */
export interface Footer1 {
  /**
   * Social profiles: platform key to profile URL.
   */
  socials?: {
    /**
     * URL of the x profile.
     */
    x?: string;
    /**
     * URL of the website profile.
     */
    website?: string;
    /**
     * URL of the facebook profile.
     */
    facebook?: string;
    /**
     * URL of the youtube profile.
     */
    youtube?: string;
    /**
     * URL of the discord profile.
     */
    discord?: string;
    /**
     * URL of the slack profile.
     */
    slack?: string;
    /**
     * URL of the github profile.
     */
    github?: string;
    /**
     * URL of the linkedin profile.
     */
    linkedin?: string;
    /**
     * URL of the instagram profile.
     */
    instagram?: string;
    /**
     * URL of the hacker-news profile.
     */
    'hacker-news'?: string;
    /**
     * URL of the medium profile.
     */
    medium?: string;
    /**
     * URL of the telegram profile.
     */
    telegram?: string;
    /**
     * URL of the twitter profile.
     */
    twitter?: string;
    /**
     * URL of the x-twitter profile.
     */
    'x-twitter'?: string;
    /**
     * URL of the earth-americas profile.
     */
    'earth-americas'?: string;
    /**
     * URL of the bluesky profile.
     */
    bluesky?: string;
    /**
     * URL of the threads profile.
     */
    threads?: string;
    /**
     * URL of the reddit profile.
     */
    reddit?: string;
    /**
     * URL of the podcast profile.
     */
    podcast?: string;
  };
  /**
   * Columns of links (at most four).
   *
   * @minItems 1
   * @maxItems 4
   *
   * Items: A column of links.
   */
  links?:
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ];
  $ref?: RefFile;
}
/**
 * Navbar for this language.
 */
export interface Navbar2 {
  /**
   * Links shown in the navbar.
   */
  links?: NavbarLink[];
  /**
   * The main button of the navbar.
   */
  primary?: {
    /**
     * Kind of button.
     */
    type: 'button' | 'github' | 'discord';
    /**
     * Text of the button (required when type is button).
     */
    label?: string;
    /**
     * Where the button leads.
     */
    href: string;
    icon?: Icon;
    iconType?: IconType;
  };
  $ref?: RefFile;
}
/**
 * The footer: social links and link columns.
 */
export interface Footer2 {
  /**
   * Social profiles: platform key to profile URL.
   */
  socials?: {
    /**
     * URL of the x profile.
     */
    x?: string;
    /**
     * URL of the website profile.
     */
    website?: string;
    /**
     * URL of the facebook profile.
     */
    facebook?: string;
    /**
     * URL of the youtube profile.
     */
    youtube?: string;
    /**
     * URL of the discord profile.
     */
    discord?: string;
    /**
     * URL of the slack profile.
     */
    slack?: string;
    /**
     * URL of the github profile.
     */
    github?: string;
    /**
     * URL of the linkedin profile.
     */
    linkedin?: string;
    /**
     * URL of the instagram profile.
     */
    instagram?: string;
    /**
     * URL of the hacker-news profile.
     */
    'hacker-news'?: string;
    /**
     * URL of the medium profile.
     */
    medium?: string;
    /**
     * URL of the telegram profile.
     */
    telegram?: string;
    /**
     * URL of the twitter profile.
     */
    twitter?: string;
    /**
     * URL of the x-twitter profile.
     */
    'x-twitter'?: string;
    /**
     * URL of the earth-americas profile.
     */
    'earth-americas'?: string;
    /**
     * URL of the bluesky profile.
     */
    bluesky?: string;
    /**
     * URL of the threads profile.
     */
    threads?: string;
    /**
     * URL of the reddit profile.
     */
    reddit?: string;
    /**
     * URL of the podcast profile.
     */
    podcast?: string;
  };
  /**
   * Columns of links (at most four).
   *
   * @minItems 1
   * @maxItems 4
   *
   * Items: A column of links.
   */
  links?:
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ]
    | [
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
        {
          /**
           * Heading of the column.
           */
          header?: string;
          /**
           * Links of the column.
           *
           * @minItems 1
           *
           * Items: A link.
           */
          items: [
            {
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            },
            ...{
              /**
               * Text of the link.
               */
              label: string;
              /**
               * Where the link leads.
               */
              href: string;
            }[],
          ];
        },
      ];
  $ref?: RefFile;
}
/**
 * A banner at the top of every page.
 */
export interface Banner2 {
  /**
   * Text of the banner (basic MDX: links, bold, italic).
   */
  content: string;
  /**
   * Shows a button that closes the banner.
   */
  dismissible?: boolean;
  /**
   * Style of the banner.
   */
  type?: 'info' | 'warning' | 'critical';
  /**
   * Background colours per mode (hex).
   */
  color?: {
    /**
     * Colour in light mode (hex).
     */
    light?: string;
    /**
     * Colour in dark mode (hex).
     */
    dark?: string;
  };
  $ref?: RefFile;
}
