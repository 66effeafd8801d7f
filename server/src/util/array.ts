// Appending without spread arguments: `push(...items)` passes every item on the stack, and an
// array of a few hundred thousand items (findings, nodes, problems) overflows it.

/** Appends `items` to `to` (in order) and returns `to`. */
export function append<T>(to: T[], items: Iterable<T>): T[] {
  for (const item of items) to.push(item);
  return to;
}
