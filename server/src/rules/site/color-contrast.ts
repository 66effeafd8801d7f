import { at, isString } from '../../config/ast';
import type { ConfigDocument } from '../../config/parse';
import { resolvedValue } from '../../config/refs';
import { contrastRatio } from '../../util/color';
import { exampleSite, minimalConfig } from '../examples';
import type { SiteRule } from '../types';

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;
/** The light background when `colors.background.light` is not set. */
export const DEFAULT_LIGHT_BACKGROUND = '#ffffff';

/**
 * The one mode a site shows when readers cannot switch: a default mode with the toggle hidden
 * (classic `modeToggle.default` + `isHidden`; current `appearance.default` + `strict`).
 */
export function forcedMode(config: ConfigDocument): 'light' | 'dark' | undefined {
  const value = config.generation === 'current' ? resolvedValue(config) : config.value;
  const settings = (config.generation === 'current' ? value.appearance : value.modeToggle) as Record<string, unknown> | undefined;
  if (!settings || typeof settings !== 'object') return undefined;
  const hidden = config.generation === 'current' ? settings.strict : settings.isHidden;
  return hidden === true && (settings.default === 'light' || settings.default === 'dark') ? settings.default : undefined;
}

export const colorContrast: SiteRule = {
  id: 'color-contrast',
  description: 'Theme colours contrast enough with the background they are shown on (WCAG AA, 4.5:1).',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      '`colors.primary` colours links, headers and accents in light mode, on `colors.background.light` (`background.color.light` in the current format; white when unset); `colors.light` does the same in dark mode, on `colors.background.dark` (`background.color.dark`). Below a 4.5:1 contrast ratio, text in that colour is hard to read for many readers (WCAG 2 AA). A mode the site never shows is not checked: a default mode with the toggle hidden (`appearance` `default` + `strict` in the current format, `modeToggle` `default` + `isHidden` in the classic one) leaves only that mode.',
    bad: exampleSite(minimalConfig(['introduction'], { colors: { primary: '#7DD3FC' } }), ['introduction']),
    good: exampleSite(minimalConfig(['introduction'], { colors: { primary: '#0B6E4F' } }), ['introduction']),
  },
  check({ site, report }) {
    const root = site.config.root;
    // Classic: colors.background.{light,dark}; current: background.color.{light,dark}.
    const background = site.config.generation === 'current' ? at(root, 'background', 'color') : at(root, 'colors', 'background');
    const pairs = [
      { fg: at(root, 'colors', 'primary'), what: 'colors.primary', bg: at(background, 'light'), mode: 'light', fallback: DEFAULT_LIGHT_BACKGROUND },
      { fg: at(root, 'colors', 'light'), what: 'colors.light', bg: at(background, 'dark'), mode: 'dark', fallback: undefined },
    ];
    const only = forcedMode(site.config);
    for (const { fg, what, bg, mode, fallback } of pairs) {
      if (!isString(fg) || (only && only !== mode)) continue;
      const background = isString(bg) ? bg.value : fallback;
      if (!background) continue;
      const ratio = contrastRatio(fg.value, background);
      if (ratio === undefined || ratio >= MIN_CONTRAST) continue;
      report({
        message: `${what} ${fg.value} has a contrast ratio of ${ratio.toFixed(2)}:1 against the ${mode} background ${background}${isString(bg) ? '' : ' (the default)'}; at least ${MIN_CONTRAST}:1 keeps text readable (WCAG AA).`,
        node: fg,
      });
    }
  },
};
