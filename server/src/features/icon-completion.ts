// Completion of icon names in a component's `icon="…"` (the site's icon library: Font Awesome or
// Lucide), with a picture of the glyph in the documentation of the item the editor shows.
import type { ConfigDocument } from '../config/parse';
import { iconNames, iconSvg, type IconLibrary } from '../render/icons';
import type { Range } from '../types';
import type { CompletionEntry } from './page-completion';

/** What an icon item carries for completionItem/resolve. */
export interface IconItemData {
  icon: string;
  library: IconLibrary;
}

export function isIconItemData(data: unknown): data is IconItemData {
  const d = data as Partial<IconItemData> | null;
  return typeof d === 'object' && d !== null && typeof d.icon === 'string' && (d.library === 'fontawesome' || d.library === 'lucide');
}

/** `icons.library` of docs.json (current format); Font Awesome otherwise, as the format does. */
export function iconLibraryOf(config: ConfigDocument | undefined): IconLibrary {
  const icons = config?.generation === 'current' ? (config.value as { icons?: { library?: unknown } } | undefined)?.icons : undefined;
  return icons?.library === 'lucide' ? 'lucide' : 'fontawesome';
}

/** An `icon` value being typed as a path or URL (then files are completed, not icon names). */
export function typedAsPath(prefix: string): boolean {
  return /^(\.|\/|https?:)/i.test(prefix) || prefix.includes('/');
}

const LIBRARY_NAMES: Record<IconLibrary, string> = { fontawesome: 'Font Awesome', lucide: 'Lucide' };

export function completeIconNames(library: IconLibrary, range: Range): CompletionEntry[] {
  const detail = `${LIBRARY_NAMES[library]} icon`;
  return iconNames(library).map((name) => ({
    label: name,
    kind: 'value' as const,
    detail,
    insertText: name,
    snippet: false,
    range,
    data: { icon: name, library } satisfies IconItemData,
  }));
}

/** Markdown: the glyph as an image, and where the name comes from. */
export function iconDocumentation(data: IconItemData): string | undefined {
  const svg = iconSvg(data.icon, data.library);
  if (!svg) return undefined;
  return `![${data.icon}](data:image/svg+xml;base64,${btoa(svg)})\n\n\`${data.icon}\` from ${LIBRARY_NAMES[data.library]}.`;
}
