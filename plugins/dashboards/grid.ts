import { ValidationFailed, type FieldError } from '../../kernel/errors';
import { GRID_COLUMNS } from './schemas';

export interface Placed { x: number; y: number; w: number; h: number }

/** 422 naming each widget that leaves the 12-column grid or overlaps one before it. */
export function checkLayout(widgets: readonly Placed[], loc: (string | number)[] = ['body', 'widgets']): void {
  const errors: FieldError[] = [];
  widgets.forEach((widget, i) => {
    if (widget.x + widget.w > GRID_COLUMNS) {
      errors.push({ loc: [...loc, i, 'w'], msg: `The widget leaves the ${GRID_COLUMNS}-column grid (x + w = ${widget.x + widget.w})`, type: 'value_error.grid' });
      return;
    }
    const clash = widgets.slice(0, i).findIndex((other) => overlaps(widget, other));
    if (clash >= 0) errors.push({ loc: [...loc, i], msg: `The widget overlaps widget ${clash}`, type: 'value_error.overlap' });
  });
  if (errors.length) throw new ValidationFailed(errors);
}

export const overlaps = (a: Placed, b: Placed) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first row below every widget. */
export const bottomOf = (widgets: readonly Placed[]) => widgets.reduce((max, w) => Math.max(max, w.y + w.h), 0);

/**
 * Places widgets of the given sizes in fresh rows starting at `top`: left to right, a new row when
 * the next does not fit, each row as tall as its tallest widget.
 */
export function stackBelow(sizes: readonly { w: number; h: number }[], top: number): Placed[] {
  const placed: Placed[] = [];
  let x = 0, y = top, rowHeight = 0;
  for (const size of sizes) {
    const w = Math.min(size.w, GRID_COLUMNS);
    if (x + w > GRID_COLUMNS) { y += rowHeight; x = 0; rowHeight = 0; }
    placed.push({ x, y, w, h: size.h });
    x += w; rowHeight = Math.max(rowHeight, size.h);
  }
  return placed;
}
