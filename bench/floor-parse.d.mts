/** The floor's parse of one page (floor-parse.mjs): its tree, or null on an MDX syntax error. */
export function floorParse(text: string): unknown;
