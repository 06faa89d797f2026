/* Which slide is shown after a change to the list (docs/product.md, Publishing and the studio). */

/** A selection that always points at a slide while there is one. */
export function clampSelection(selected: number, count: number): number {
  return Math.max(0, Math.min(selected, count - 1));
}

/** After deleting the last slide the selection moves back by one; otherwise it stays on the same place. */
export function selectionAfterDelete(selected: number, countBefore: number): number {
  return clampSelection(selected, countBefore - 1);
}

/** The moved slide stays selected: it now sits one place up or down. */
export function selectionAfterMove(selected: number, direction: -1 | 1, count: number): number {
  return clampSelection(selected + direction, count);
}

/** A new slide goes last and is shown. */
export function selectionAfterAdd(countBefore: number): number {
  return countBefore;
}
