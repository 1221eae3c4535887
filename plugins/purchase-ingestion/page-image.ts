/**
 * A page image made ready for OCR, on its raw greyscale pixels: the lighting evened out (a phone
 * photo's shadow, a faint or low-contrast scan), binarised at the threshold its own histogram gives,
 * and turned upright and straight (a scan fed sideways or upside down, a page a few degrees askew).
 * Tesseract's own layout analysis expects upright, level text; the npm language data has no
 * orientation model, so the orientation is measured here from the ink.
 */

export interface GreyImage { width: number; height: number; data: Uint8Array }

/**
 * The page with its lighting evened out: each pixel divided by its neighbourhood's paper brightness
 * (the brightest of the area around it, smoothed), so that paper is white everywhere and ink keeps
 * its contrast against it. An evened page can be turned or enlarged with white filling the corners:
 * white is its paper's own colour, where on the raw page a white corner is brighter than the paper
 * beside it and would make that paper read as ink.
 */
export function evenLighting(image: GreyImage, light: Light = 'even'): GreyImage {
  const { width, height, data } = image;
  const paper = paperBrightness(image, light);
  const even = new Uint8Array(width * height);
  // paper is never below the floor, so never zero
  for (let i = 0; i < even.length; i++) even[i] = Math.min(255, ((data[i] * 255) / paper[i] + 0.5) | 0);
  return { width, height, data: even };
}

/**
 * How a page is lit: 'even' (a scan, a photo in daylight: the light changes slowly across it) or
 * 'flash' (a photo whose sheet was found by its hot spot: the light falls off steeply from the
 * middle, and the dim edges are blurred and grainy). See paperBrightness and binarise.
 */
export type Light = 'even' | 'flash';

/**
 * The lighting evened out (evenLighting), then the threshold between ink and paper the histogram's
 * (Otsu). Under a flash, halfway between the ink's darkest and the paper where that is lower: the
 * letters of a blurred photo shade off into the paper, and Otsu, weighing those shades as ink,
 * thickens them into blobs. Returns a black-on-white image.
 */
export function binarise(image: GreyImage, light: Light = 'even'): GreyImage {
  const evened = evenLighting(image, light);
  const threshold = thresholdOf(evened, light);
  const { width, height, data: even } = evened;
  for (let i = 0; i < even.length; i++) even[i] = even[i] < threshold ? 0 : 255;
  return { width, height, data: even };
}

/** The threshold binarise cuts an evened page at: under it, ink. */
function thresholdOf({ data: even }: GreyImage, light: Light): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < even.length; i++) histogram[even[i]]++;
  const halfway = light === 'flash' ? (percentile(histogram, even.length, INK_SHARE) + percentile(histogram, even.length, 0.5)) / 2 : 255;
  return Math.max(96, Math.min(224, otsu(histogram, even.length), Math.round(halfway)));
}

/** Cell size of the paper-brightness grid, in pixels: a few text heights at 150–200 dpi. */
const CELL = 32;
/** Paper is never taken as darker than this (out of 255); under a flash, the sheet's dim edges are darker. */
const PAPER_FLOOR = { even: 40, flash: 12 };
/** Under a flash, a cell's paper is the brightest of its pixels that make up this share of them. */
const PAPER_SHARE = 0.1;
/** The darkest share of a page that is taken as its ink's darkest (a page is rarely less than this much ink). */
const INK_SHARE = 0.01;

/** The value under which `share` of the histogram's `total` pixels lie. */
function percentile(histogram: Uint32Array, total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]) >= total * share) return v;
  return 255;
}

/**
 * The paper's brightness at every pixel: the brightest of each cell and its neighbours, interpolated
 * between cell centres. Under a flash, each cell's brightest tenth (on a dim and grainy area its
 * very brightest pixel is grain, and the page would be evened to grey there), and of its
 * neighbours' the darkest of the brightest (where the light falls off steeply, the brightest of
 * the neighbours is the brighter paper nearer the light, not this cell's own).
 */
function paperBrightness({ width, height, data }: GreyImage, light: Light): Uint8Array {
  const cols = Math.ceil(width / CELL), rows = Math.ceil(height / CELL);
  const cellMax = light === 'flash' ? cellPaper({ width, height, data }, cols, rows) : new Uint8Array(cols * rows);
  if (light === 'even') for (let y = 0; y < height; y++) {
    const row = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x];
      const c = row + Math.floor(x / CELL);
      if (v > cellMax[c]) cellMax[c] = v;
    }
  }
  // the brightest of 3 × 3 cells (a cell filled by a large character still sees paper), then a 3 × 3 mean
  const spread = (source: Uint8Array, pick: (values: number[]) => number) => {
    const out = new Uint8Array(source.length);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const values: number[] = [];
        for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr, cc = c + dc;
          if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) values.push(source[rr * cols + cc]);
        }
        out[r * cols + c] = pick(values);
      }
    }
    return out;
  };
  const brightest = spread(cellMax, (v) => Math.max(...v));
  const smooth = spread(light === 'flash' ? spread(brightest, (v) => Math.min(...v)) : brightest, (v) => Math.round(v.reduce((a, b) => a + b, 0) / v.length));
  const floor = PAPER_FLOOR[light];
  const paper = new Uint8Array(width * height);
  // each column's two cells and weight, worked out once for every row
  const left = new Int32Array(width), right = new Int32Array(width), weight = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(cols - 1, Math.max(0, (x - CELL / 2) / CELL));
    left[x] = Math.floor(fx); right[x] = Math.min(cols - 1, left[x] + 1); weight[x] = fx - left[x];
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y - CELL / 2) / CELL));
    const r0 = Math.floor(fy) * cols, r1 = Math.min(rows - 1, Math.floor(fy) + 1) * cols, wy = fy - Math.floor(fy);
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const wx = weight[x];
      const top = smooth[r0 + left[x]] * (1 - wx) + smooth[r0 + right[x]] * wx;
      const bottom = smooth[r1 + left[x]] * (1 - wx) + smooth[r1 + right[x]] * wx;
      // a deep shadow is still paper; only an area with nothing brighter than ink (a black bar wider than three cells) is not
      const value = (top * (1 - wy) + bottom * wy + 0.5) | 0;
      paper[row + x] = value > floor ? value : floor;
    }
  }
  return paper;
}

/** Each cell's paper: the brightest of its pixels that make up PAPER_SHARE of them. */
function cellPaper({ width, height, data }: GreyImage, cols: number, rows: number): Uint8Array {
  const counts = new Uint32Array(cols * rows * 256);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x++) counts[(row + Math.floor(x / CELL)) * 256 + data[y * width + x]]++;
  }
  const paper = new Uint8Array(cols * rows);
  for (let c = 0; c < cols * rows; c++) {
    let total = 0;
    for (let v = 0; v < 256; v++) total += counts[c * 256 + v];
    let seen = 0, v = 255;
    while (v > 0 && (seen += counts[c * 256 + v]) < total * PAPER_SHARE) v--;
    paper[c] = v;
  }
  return paper;
}

function otsu(histogram: Uint32Array, total: number): number {
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * histogram[i];
  let sumBack = 0, weightBack = 0, best = 0, threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t];
    if (!weightBack) continue;
    const weightFore = total - weightBack;
    if (!weightFore) break;
    sumBack += t * histogram[t];
    const meanBack = sumBack / weightBack, meanFore = (sumAll - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) { best = between; threshold = t + 1; }
  }
  return threshold;
}

/** How to turn the page to read it: a quarter-turn count clockwise (0–3) and then a small angle in degrees. */
export interface Orientation {
  quarterTurns: 0 | 1 | 2 | 3;
  skewDegrees: number;
  /** Letters whose nearest neighbour is above or below them over those with it beside them: over SIDEWAYS_MARGIN, sideways. */
  sideways: number;
  /** The ink beyond the lines' cores on their far side over their near side: over 1, upside down (for the lines' direction found). */
  flip: number;
}

const MAX_SKEW = 10;
const SKEW_STEP = 0.25;
/**
 * How many more letters must have their nearest neighbour above or below them than beside them for
 * the page to be taken as sideways: measured 0.01–1.27 on the corpora's 190 upright scans and photos
 * (tables, monospaced printouts, narrow tickets), 33 and 109 on the two scans fed sideways.
 */
const SIDEWAYS_MARGIN = 4;
/** Columns projecting this much sharper than the lines leave a page's skew unmeasured (tables: 1.5×; sideways pages 2–4×). */
const COLUMNS_AS_SHARP = 1.8;
/** Ink pixels the estimate looks at, at most (sampled evenly): enough for a page, bounded in time. */
const MAX_INK_SAMPLES = 60_000;

/**
 * The blot of ink holding `start` (its pixels joined by sides or corners), walked breadth first:
 * `take(n)` says whether pixel n is ink of the blot not yet walked and marks it walked. Its pixels
 * are left in `queue[0 .. pixels)`; returns them and the blot's box.
 */
function walkBlot(start: number, width: number, height: number, queue: Int32Array, take: (n: number) => boolean): { x0: number; y0: number; x1: number; y1: number; pixels: number } {
  let head = 0, tail = 0;
  take(start);
  queue[tail++] = start;
  let x0 = width, x1 = 0, y0 = height, y1 = 0;
  while (head < tail) {
    const i = queue[head++];
    const x = i % width, y = (i - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
      const n = yy * width + xx;
      if (take(n)) queue[tail++] = n;
    }
  }
  return { x0, y0, x1, y1, pixels: tail };
}

/**
 * Which way the page's lines of text run, from its letters (a binarised image, black on white): each
 * letter's nearest neighbour (the smallest gap between their boxes) is the next letter of its word,
 * beside it in the line's direction, far more often than a letter of the line above or below it.
 * `across`: letters whose nearest neighbour lies beside them (left or right), `down`: above or below.
 * Specks, dots and accents (under a third of the usual letter's size) and blots larger than a
 * tenth of the page (a logo, a rule, a dark band) are left out.
 */
export function letterNeighboursOf(image: GreyImage): { across: number; down: number } {
  const { width, height, data } = image;
  const visited = new Uint8Array(width * height);
  let ink = 0;
  for (let i = 0; i < data.length; i++) if (data[i] === 0) ink++;
  // a blot's pixels wait here while it is walked: no blot has more than the page's ink
  const queue = new Int32Array(ink);
  // each blot's box: x0, y0, x1, y1
  const boxes: number[] = [];
  const largest = Math.max(width, height) / 10;
  for (let start = 0; start < data.length && boxes.length < MAX_LETTERS * 4; start++) {
    if (data[start] !== 0 || visited[start]) continue;
    const { x0, y0, x1, y1 } = walkBlot(start, width, height, queue, (n) => (data[n] === 0 && !visited[n] ? (visited[n] = 1, true) : false));
    if (x1 - x0 < largest && y1 - y0 < largest && (x1 - x0 >= 2 || y1 - y0 >= 2)) boxes.push(x0, y0, x1, y1);
  }
  const count = boxes.length / 4;
  if (count < 20) return { across: 0, down: 0 };
  // the usual letter's size: the median of each blot's larger side (whichever way the page is turned)
  const sizes: number[] = [];
  for (let b = 0; b < count; b++) sizes.push(Math.max(boxes[b * 4 + 2] - boxes[b * 4], boxes[b * 4 + 3] - boxes[b * 4 + 1]) + 1);
  sizes.sort((a, b) => a - b);
  const letter = sizes[count >> 1];
  const letters: number[] = [];
  for (let b = 0; b < count; b++) if (Math.max(boxes[b * 4 + 2] - boxes[b * 4], boxes[b * 4 + 3] - boxes[b * 4 + 1]) + 1 >= letter / 3) letters.push(b);
  // letters bucketed by their box's centre in cells two letters wide: a neighbour within reach lies in the 3 × 3 cells around
  const cell = Math.max(4, letter * 2);
  const cols = Math.ceil(width / cell) + 1;
  const buckets = new Map<number, number[]>();
  const centre = (b: number) => [Math.floor((boxes[b * 4] + boxes[b * 4 + 2]) / 2 / cell), Math.floor((boxes[b * 4 + 1] + boxes[b * 4 + 3]) / 2 / cell)];
  for (const b of letters) {
    const [cx, cy] = centre(b);
    const key = cy * cols + cx;
    const list = buckets.get(key);
    if (list) list.push(b); else buckets.set(key, [b]);
  }
  let across = 0, down = 0;
  for (const a of letters) {
    const [cx, cy] = centre(a);
    let best = Infinity, beside = false, over = false;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      for (const b of buckets.get((cy + dy) * cols + cx + dx) ?? []) {
        if (b === a) continue;
        const gapX = Math.max(boxes[a * 4], boxes[b * 4]) - Math.min(boxes[a * 4 + 2], boxes[b * 4 + 2]);
        const gapY = Math.max(boxes[a * 4 + 1], boxes[b * 4 + 1]) - Math.min(boxes[a * 4 + 3], boxes[b * 4 + 3]);
        const gap = Math.max(gapX, gapY);
        if (gap >= best) continue;
        best = gap;
        // side by side: their boxes share rows (gapY < 0) and not columns; one over the other: the reverse
        beside = gapY < 0 && gapX >= 0;
        over = gapX < 0 && gapY >= 0;
      }
    }
    if (beside) across++;
    else if (over) down++;
  }
  return { across, down };
}

/** Letters looked at, at most: a page of dense text has some 5,000–10,000. */
const MAX_LETTERS = 20_000;

/**
 * The page's orientation from its ink (a binarised image, black on white): lines of text make the
 * ink's projection across them peak sharply, so of the angles within ±10° of level and of a
 * quarter turn, the one whose projection is sharpest is the direction of the lines; which way up is
 * told by where each line's densest band sits (the x-height band lies under the capitals, digits
 * and ascenders an invoice is full of, so it is in a line's lower half when the page is upright).
 */
export function orientationOf(image: GreyImage): Orientation {
  const { width, height, data } = image;
  let ink = 0;
  for (let i = 0; i < data.length; i++) if (data[i] === 0) ink++;
  if (ink < 200) return { quarterTurns: 0, skewDegrees: 0, sideways: 0, flip: 1 };
  const every = Math.max(1, Math.ceil(ink / MAX_INK_SAMPLES));
  const xs: number[] = [], ys: number[] = [];
  let seen = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    if (data[y * width + x] === 0 && seen++ % every === 0) { xs.push(x); ys.push(y); }
  }
  // a projection's bins, offset so that every turned coordinate within ±MAX_SKEW falls inside
  const offset = width + height;
  const bins = new Int32Array(2 * offset + 1);
  const project = (along: number[], across: number[], degrees: number) => {
    const angle = (degrees * Math.PI) / 180, cos = Math.cos(angle), sin = Math.sin(angle);
    bins.fill(0);
    for (let i = 0; i < along.length; i++) bins[offset + Math.round(across[i] * cos - along[i] * sin)]++;
  };
  const sharpness = (along: number[], across: number[], degrees: number) => {
    project(along, across, degrees);
    // the energy of the profile's steps: lines of text start and end all along their length at once
    // (every letter stands on the baseline), so their profile steps hard; columns of a table do not
    let score = 0;
    for (let i = 1; i < bins.length; i++) score += (bins[i] - bins[i - 1]) ** 2;
    return score;
  };
  const sharpest = (vertical: boolean) => {
    const [along, across] = vertical ? [ys, xs] : [xs, ys];
    let found = { vertical, degrees: 0, score: -1 };
    for (let d = -MAX_SKEW; d <= MAX_SKEW + 1e-9; d += SKEW_STEP) {
      const score = sharpness(along, across, d);
      if (score > found.score) found = { vertical, degrees: d, score };
    }
    return found;
  };
  // the lines' direction from the letters' neighbours: the projections' sharpness took tables, a
  // monospaced printout's aligned columns and narrow tickets for lines running down the page
  const neighbours = letterNeighboursOf(image);
  const sideways = neighbours.down / Math.max(1, neighbours.across);
  let best = sideways > SIDEWAYS_MARGIN ? sharpest(true) : sharpest(false);
  // a page whose columns (a table's, a monospaced printout's) project as sharply as its lines, or
  // more, tells no skew that can be trusted: levelled by it, such scans read fewer fields (the
  // fourth and fifth corpora's, 7 fields; the first corpus's, 1)
  if (!best.vertical && sharpest(true).score > best.score * COLUMNS_AS_SHARP) best = { ...best, degrees: 0 };
  // which way up: the projection across the lines, read line by line
  const [along, across] = best.vertical ? [ys, xs] : [xs, ys];
  project(along, across, best.degrees);
  const at = (bin: number) => bins[bin];
  let min = 0, max = bins.length - 1;
  while (min < max && !bins[min]) min++;
  while (max > min && !bins[max]) max--;
  // per line: its core (the rows at least half as dense as its densest: the x-height band of
  // lower-case text), and the ink beyond it on either side: capitals, digits and ascenders above,
  // only descenders below, on an upright page
  let before = 0, after = 0;
  for (let start = min; start <= max;) {
    if (!at(start)) { start++; continue; }
    let end = start;
    while (end < max && at(end + 1) > 0) end++;
    if (end - start >= 5) {
      let peak = 0;
      for (let b = start; b <= end; b++) peak = Math.max(peak, at(b));
      let coreStart = start, coreEnd = end;
      while (at(coreStart) < peak / 2) coreStart++;
      while (at(coreEnd) < peak / 2) coreEnd--;
      for (let b = start; b < coreStart; b++) before += at(b);
      for (let b = coreEnd + 1; b <= end; b++) after += at(b);
    }
    start = end + 1;
  }
  // bins grow downwards when the lines are level, rightwards when they run down the page: a level
  // page is upside down when more ink lies under its lines' cores than over them; lines running
  // down the page with their tops to the left are turned a quarter clockwise, to the right anticlockwise
  const flipped = after > before * 1.2;
  const quarterTurns = best.vertical ? (flipped ? 3 : 1) : flipped ? 2 : 0;
  return { quarterTurns: quarterTurns as Orientation['quarterTurns'], skewDegrees: best.degrees, sideways, flip: after / Math.max(1, before) };
}

/** The paper is looked for on a copy this many pixels on its longer side. */
const PAPER_PROBE = 320;
/**
 * The darker side of the threshold at this share of the brighter side's brightness or more is
 * paper too: on the corpora's scans of a sheet lit unevenly 0.76–0.90, on photos of a sheet on a
 * table 0.65 at most (a lit grey table beside a ticket).
 */
const SAME_PAPER = 0.75;
/** The share of the image a sheet found between two papers must cover (a scan with a strip of its platen). */
const MOST_OF_IMAGE = 0.7;

/** The mean brightness below and at or above `threshold`. */
function classMeans(histogram: Uint32Array, threshold: number): [number, number] {
  let below = 0, belowCount = 0, above = 0, aboveCount = 0;
  for (let v = 0; v < 256; v++) {
    if (v < threshold) { below += v * histogram[v]; belowCount += histogram[v]; } else { above += v * histogram[v]; aboveCount += histogram[v]; }
  }
  return [belowCount ? below / belowCount : 0, aboveCount ? above / aboveCount : 255];
}

/**
 * A phone photo of a sheet on a darker surface, its sheet cut out and squared: the sheet is the
 * largest bright region of the photo seen small (the global Otsu threshold of its brightness); its
 * four corners are that region's extremes along the diagonals, and the perspective that maps them
 * to a rectangle is undone. Anything outside the sheet (the table, its shadows and reflections,
 * which Tesseract reads as blocks of noise) is gone. Null when the image is the page itself: its
 * border is mostly paper, or no bright region covers a fifth of it.
 *
 * A flash lights the middle of a sheet much more than its edges, and the threshold then keeps only
 * the hot spot: such a region's light falls off towards its outline, and along much of it the
 * region fades out into the paper around it instead of stepping down to the table (outlineOf); the
 * sheet is then grown from it (grownSheet), and said to be lit by a flash ('flash'; else 'even').
 * Either way its sides are then moved out to the sheet's edges (edgesOf): grown, the sheet still
 * stops short where its dim paper is under twice the table's brightness (a grey table).
 */
export function sheetOf(image: GreyImage): { image: GreyImage; light: Light } | null {
  const { width, height, data } = image;
  const step = Math.max(1, Math.ceil(Math.max(width, height) / PAPER_PROBE));
  const w = Math.floor(width / step), h = Math.floor(height / step);
  if (w < 16 || h < 16) return null;
  // the probe: each cell's mean brightness
  const probe = new Uint8Array(w * h);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let dy = 0; dy < step; dy++) for (let dx = 0; dx < step; dx++) sum += data[(y * step + dy) * width + x * step + dx];
    const v = Math.round(sum / (step * step));
    probe[y * w + x] = v;
    histogram[v]++;
  }
  const threshold = otsu(histogram, w * h);
  const [darker, brighter] = classMeans(histogram, threshold);
  const borderCells: number[] = [];
  for (let x = 0; x < w; x++) borderCells.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) borderCells.push(y * w, y * w + w - 1);
  // a scan or a rendered page: paper reaches its edges
  if (borderCells.filter((i) => probe[i] >= threshold).length > borderCells.length * 0.5) return null;
  const bright = brightestRegion(probe, w, h, threshold);
  if (!bright) return null;
  // both sides of the threshold paper (a sheet lit unevenly: a scanner's lamp fading across the
  // glass): the brighter part is the sheet only when it is most of the image, never one side of a page
  if (darker >= brighter * SAME_PAPER && bright.reduce((sum, cell) => sum + cell, 0) < w * h * MOST_OF_IMAGE) return null;
  const { fading, falloff } = outlineOf(probe, bright, w, h);
  const grown = falloff < FLASH_FALLOFF && fading >= FADING_SHARE ? grownSheet(probe, bright, w, h, threshold, borderCells) : null;
  // lit for a flash only when found from its hot spot: on photos whose light falls off as much but
  // whose sheet the threshold found whole, that lighting read fewer fields (tickets' bold print)
  const light: Light = grown ? 'flash' : 'even';
  // the corners: the region's extremes along x + y and x − y (a sheet turned less than 45°), from
  // its cells' centres pushed out by the region's margin to the sheet's edge
  const { cells, outset } = grown ? { cells: grown, outset: 0 } : { cells: bright, outset: 1.5 };
  let tl = [0, 0], tr = [0, 0], br = [0, 0], bl = [0, 0];
  let minSum = Infinity, maxSum = -Infinity, minDiff = Infinity, maxDiff = -Infinity;
  for (let i = 0; i < w * h; i++) {
    if (!cells[i]) continue;
    const x = (i % w) + 0.5, y = Math.floor(i / w) + 0.5;
    if (x + y < minSum) { minSum = x + y; tl = [x - outset, y - outset]; }
    if (x + y > maxSum) { maxSum = x + y; br = [x + outset, y + outset]; }
    if (x - y > maxDiff) { maxDiff = x - y; tr = [x + outset, y - outset]; }
    if (x - y < minDiff) { minDiff = x - y; bl = [x - outset, y + outset]; }
  }
  const found = edgesOf(probe, w, h, [tl, tr, br, bl]);
  const corners = found.map(([x, y]) => [Math.max(0, Math.min(width - 1, x * step)), Math.max(0, Math.min(height - 1, y * step))]);
  const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const outWidth = Math.round((distance(corners[0], corners[1]) + distance(corners[3], corners[2])) / 2);
  const outHeight = Math.round((distance(corners[0], corners[3]) + distance(corners[1], corners[2])) / 2);
  if (outWidth < 32 || outHeight < 32) return null;
  const map = homography([[0, 0], [outWidth, 0], [outWidth, outHeight], [0, outHeight]], corners);
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < outHeight; y++) for (let x = 0; x < outWidth; x++) {
    const d = map[6] * x + map[7] * y + 1;
    const sx = (map[0] * x + map[1] * y + map[2]) / d, sy = (map[3] * x + map[4] * y + map[5]) / d;
    const x0 = Math.max(0, Math.min(width - 2, Math.floor(sx))), y0 = Math.max(0, Math.min(height - 2, Math.floor(sy)));
    const fx = Math.max(0, Math.min(1, sx - x0)), fy = Math.max(0, Math.min(1, sy - y0));
    const top = data[y0 * width + x0] * (1 - fx) + data[y0 * width + x0 + 1] * fx;
    const bottom = data[(y0 + 1) * width + x0] * (1 - fx) + data[(y0 + 1) * width + x0 + 1] * fx;
    out[y * outWidth + x] = Math.round(top * (1 - fy) + bottom * fy);
  }
  return { image: { width: outWidth, height: outHeight, data: out }, light };
}

/** A platen cell is within this much (of 255) of the border's usual brightness, or a quarter of the way to the paper when that is more. */
const PLATEN_SPREAD = 6;
/** The border must be this much (of 255) darker than the paper for a platen to be told from paper. */
const PLATEN_BELOW_PAPER = 12;
/** The share of the border that must be platen for the page to have one. */
const PLATEN_SHARE = 0.6;
/**
 * A platen's grey is flat: its cells' spread of brightness is under this share of the paper's (the
 * paper's grain, its fibres and toner dust, and its print). Measured on the corpora's scans: 0 on
 * the platen, 0.4–3.6 on paper; so a sheet lit as dark as its platen at one side is still paper.
 */
const PLATEN_GRAIN = 0.5;
/** A platen is left as it is when no more than this share of it would be taken for ink. */
const PLATEN_INKED = 0.02;

/**
 * A scan's page on its evened copy (`even`, from `image`) with the scanner's platen around the sheet
 * made paper: the flat grey the image's border mostly is (its usual brightness, well under the
 * paper's), flooded from the border on a small copy through cells as flat and as dark or darker (a
 * lid's shadow along the sheet), and grown a cell over the sheet's edge. sheetOf cuts a sheet out
 * only when its paper is far brighter than what surrounds it; a grey platen a little darker than the
 * sheet is left in, and evened against the paper beside it reads as bands of ink along the page's
 * sides (Tesseract reads them as letters) that weigh on the threshold. Returns `even` as it is when
 * the border is paper, or a platen that binarise's threshold already takes for paper.
 */
export function withoutPlaten(image: GreyImage, even: GreyImage): GreyImage {
  const { width, height, data } = image;
  const step = Math.max(1, Math.ceil(Math.max(width, height) / PAPER_PROBE));
  const w = Math.floor(width / step), h = Math.floor(height / step);
  if (w < 16 || h < 16) return even;
  // each cell's mean brightness and its standard deviation
  const mean = new Float64Array(w * h), grain = new Float64Array(w * h);
  const n = step * step;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let sum = 0, squares = 0;
    for (let dy = 0; dy < step; dy++) for (let dx = 0; dx < step; dx++) {
      const v = data[(y * step + dy) * width + x * step + dx];
      sum += v; squares += v * v;
    }
    mean[y * w + x] = sum / n;
    grain[y * w + x] = Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
  }
  const borderCells: number[] = [];
  for (let x = 0; x < w; x++) borderCells.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) borderCells.push(y * w, y * w + w - 1);
  const quantile = (values: number[], share: number) => values.sort((a, b) => a - b)[Math.floor(values.length * share)];
  const platen = quantile(borderCells.map((i) => mean[i]), 0.5);
  // the paper: in the page's middle half, where a sheet on a platen lies, its brightest tenth and its plainest quarter's grain
  const middle: number[] = [];
  for (let y = h >> 2; y < (h * 3) >> 2; y++) for (let x = w >> 2; x < (w * 3) >> 2; x++) middle.push(y * w + x);
  const paper = quantile(middle.map((i) => mean[i]), 0.9);
  const paperGrain = quantile(middle.map((i) => grain[i]), 0.25);
  if (paper - platen < PLATEN_BELOW_PAPER) return even;
  const spread = Math.max(PLATEN_SPREAD, (paper - platen) / 4);
  const flat = (i: number) => mean[i] <= platen + spread && grain[i] < paperGrain * PLATEN_GRAIN;
  if (borderCells.filter((i) => flat(i) && mean[i] >= platen - spread).length < borderCells.length * PLATEN_SHARE) return even;
  const region = new Uint8Array(w * h);
  const stack: number[] = [];
  for (const i of borderCells) if (flat(i) && !region[i]) { region[i] = 1; stack.push(i); }
  while (stack.length) for (const next of neighboursOf(stack.pop()!, w, w * h)) if (next >= 0 && !region[next] && flat(next)) { region[next] = 1; stack.push(next); }
  // a cell beyond: the cells along the sheet's edge are half platen, half paper
  const grown = new Uint8Array(region);
  for (let i = 0; i < w * h; i++) if (region[i]) for (const next of neighboursOf(i, w, w * h)) if (next >= 0) grown[next] = 1;
  // a platen the threshold already takes for paper (all but a trace of it) is left: the page's
  // threshold stays as it was (the eighth corpus's bazar scan, its platen at 0.9 of its paper, read
  // six fields fewer made white). Far from the sheet the platen evens to white against itself; by it, to grey
  const threshold = thresholdOf(even, 'even');
  let platenPixels = 0, inked = 0;
  for (let y = 0; y < h * step; y++) for (let x = 0; x < w * step; x++) {
    if (!region[Math.floor(y / step) * w + Math.floor(x / step)]) continue;
    platenPixels++;
    if (even.data[y * width + x] < threshold) inked++;
  }
  if (inked <= platenPixels * PLATEN_INKED) return even;
  const out = new Uint8Array(even.data);
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor(y / step)) * w;
    for (let x = 0; x < width; x++) if (grown[row + Math.min(w - 1, Math.floor(x / step))]) out[y * width + x] = 255;
  }
  return { width, height, data: out };
}

/** How far out (a share of the probe's shorter side) a side of the sheet is looked for past the bright region's. */
const EDGE_REACH = 0.35;
/** A side is moved out to the edge found only when that is further out than this many cells. */
const EDGE_MARGIN = 1;
/** A sheet's edge steps down to the table by at least this much (of 255) within three cells. */
const EDGE_STEP = 16;

/**
 * The sheet's corners with each side moved out to its edge: a shadow over part of a sheet makes its
 * paper darker than the threshold, and the bright region (its corners the quadrilateral `corners`,
 * clockwise from the top left) stops short of the sheet's edge there. Along each side, at 17 points,
 * the steepest step down in brightness within EDGE_REACH outwards (a sheet's edge is a step, a
 * shadow's a slope) is taken as the edge; a line is fitted to the most of those points that lie on
 * one (fitLine), and the corners are where the four lines meet. A side whose edge is not found
 * clearly (fewer than half its points on one line) or not outside it stays where it was, and so
 * does the quadrilateral when the lines meet outside the probe.
 */
function edgesOf(probe: Uint8Array, w: number, h: number, corners: number[][]): number[][] {
  const cx = corners.reduce((sum, c) => sum + c[0], 0) / 4, cy = corners.reduce((sum, c) => sum + c[1], 0) / 4;
  const at = (x: number, y: number) => {
    const xx = Math.round(x), yy = Math.round(y);
    return xx >= 0 && yy >= 0 && xx < w && yy < h ? probe[yy * w + xx] : -1;
  };
  const reach = Math.round(Math.min(w, h) * EDGE_REACH);
  // each side as a point and a direction
  const lines = corners.map((a, k) => {
    const b = corners[(k + 1) % 4];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const dir = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    let normal = [dir[1], -dir[0]];
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if ((mid[0] - cx) * normal[0] + (mid[1] - cy) * normal[1] < 0) normal = [-normal[0], -normal[1]];
    const points: number[][] = [];
    for (let t = 0.1; t <= 0.9 + 1e-9; t += 0.05) {
      const p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      // start a few cells inside: the region's side lies up to its erosion's cell off the edge
      const values: number[] = [];
      for (let d = -3; d <= reach; d++) {
        const v = at(p[0] + normal[0] * d, p[1] + normal[1] * d);
        if (v < 0) break;
        values.push(v);
      }
      let best = -1, bestStep = EDGE_STEP;
      for (let i = 2; i + 3 < values.length; i++) {
        const step = (values[i - 2] + values[i - 1] + values[i]) / 3 - (values[i + 1] + values[i + 2] + values[i + 3]) / 3;
        if (step > bestStep) { bestStep = step; best = i; }
      }
      // a cell inside the step: a strip of the table left along the page is read as a rule or letters
      if (best >= 0) points.push([p[0] + normal[0] * (best - 3 - 1), p[1] + normal[1] * (best - 3 - 1)]);
    }
    const fitted = fitLine(points);
    if (!fitted) return { point: a, dir };
    // the bright region lies within the sheet: a side is only ever moved out, and by more than the
    // region's own margin (a step found inside it is print, not the sheet's edge)
    const outwards = (fitted.point[0] - a[0]) * normal[0] + (fitted.point[1] - a[1]) * normal[1];
    return outwards > EDGE_MARGIN ? fitted : { point: a, dir };
  });
  const meet = (l1: { point: number[]; dir: number[] }, l2: { point: number[]; dir: number[] }) => {
    const det = l1.dir[0] * l2.dir[1] - l1.dir[1] * l2.dir[0];
    if (Math.abs(det) < 1e-6) return null;
    const t = ((l2.point[0] - l1.point[0]) * l2.dir[1] - (l2.point[1] - l1.point[1]) * l2.dir[0]) / det;
    return [l1.point[0] + l1.dir[0] * t, l1.point[1] + l1.dir[1] * t];
  };
  // corner k lies where side k−1 (ending there) and side k (starting there) meet
  const met = corners.map((_, k) => meet(lines[(k + 3) % 4], lines[k]));
  if (met.some((c) => !c || c[0] < -1 || c[1] < -1 || c[0] > w + 1 || c[1] > h + 1)) return corners;
  return met as number[][];
}

/** A point of a side lies on the side's line when within this many cells of it. */
const ON_LINE = 2;

/**
 * The line through `points` (least squares along its main direction) fitted to the largest set of
 * them that lie on one line (within ON_LINE cells of the line through some two of them): a point
 * taken from print or a shadow's edge instead of the sheet's, far off the others, would pull a
 * least-squares line off all of them. Null when fewer than eight lie on one line.
 */
function fitLine(points: number[][]): { point: number[]; dir: number[] } | null {
  let inliers: number[][] = [];
  for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++) {
    const [[x1, y1], [x2, y2]] = [points[i], points[j]];
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (!length) continue;
    const on = points.filter(([x, y]) => Math.abs((x - x1) * (y2 - y1) - (y - y1) * (x2 - x1)) / length <= ON_LINE);
    if (on.length > inliers.length) inliers = on;
  }
  if (inliers.length < 8) return null;
  const mx = inliers.reduce((s, p) => s + p[0], 0) / inliers.length, my = inliers.reduce((s, p) => s + p[1], 0) / inliers.length;
  let sxx = 0, sxy = 0, syy = 0;
  for (const [x, y] of inliers) { sxx += (x - mx) ** 2; sxy += (x - mx) * (y - my); syy += (y - my) ** 2; }
  const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
  return { point: [mx, my], dir: [Math.cos(angle), Math.sin(angle)] };
}

/** The probe's 4-neighbours of cell i (−1 off the probe). */
const neighboursOf = (i: number, w: number, size: number) => {
  const x = i % w;
  return [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i + w < size ? i + w : -1];
};

/**
 * The largest region of cells at or over `threshold` (1 for its cells), its cells eroded by one
 * first so that a lit patch of the table touching the sheet at a point stays apart from it; null
 * when it covers less than a fifth of the probe.
 */
function brightestRegion(probe: Uint8Array, w: number, h: number, threshold: number): Uint8Array | null {
  const size = w * h;
  const bright = (i: number) => probe[i] >= threshold;
  const solid = new Uint8Array(size);
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
    const i = y * w + x;
    solid[i] = +(bright(i) && bright(i - 1) && bright(i + 1) && bright(i - w) && bright(i + w));
  }
  const label = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let largest = -1, largestSize = 0;
  for (let start = 0; start < size; start++) {
    if (!solid[start] || label[start] >= 0) continue;
    let head = 0, tail = 0;
    queue[tail++] = start; label[start] = start;
    while (head < tail) {
      for (const n of neighboursOf(queue[head++], w, size)) if (n >= 0 && solid[n] && label[n] < 0) { label[n] = start; queue[tail++] = n; }
    }
    if (tail > largestSize) { largestSize = tail; largest = start; }
  }
  if (largestSize < size * 0.2) return null;
  const region = new Uint8Array(size);
  for (let i = 0; i < size; i++) region[i] = +(label[i] === largest);
  return region;
}

/** Each cell's paper: the brightest of it and its 8 neighbours (print within a sheet is no drop, its edge is). */
function paperOf(probe: Uint8Array, w: number, h: number): Uint8Array {
  const paper = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    let most = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const yy = y + dy, xx = x + dx;
      if (yy >= 0 && yy < h && xx >= 0 && xx < w && probe[yy * w + xx] > most) most = probe[yy * w + xx];
    }
    paper[y * w + x] = most;
  }
  return paper;
}

/** How far past a region's outline (cells) its brightness is compared with its paper: past the erosion's cell and a blurred edge. */
const EDGE_LOOK = 4;
/** Out there, a sheet's edge has dropped to the table by more than this much (a hot spot's fall-off over a few cells is a few per cent). */
const EDGE_DROP = 0.7;
/** The share of the outline that fades out for the region to be only a hot spot of its sheet. */
const FADING_SHARE = 0.25;
/**
 * A region may be a flash's hot spot when the paper along its outline is under this share of its
 * brightest: measured 0.37–0.74 on flash photos, 0.84–0.89 on photos in even light, 0.92–1 on scans.
 */
const FLASH_FALLOFF = 0.8;

/**
 * A region's outline (the cells beside what surrounds it, holes left aside): `fading`, the share of
 * it along which the region fades out into the paper around it rather than stopping at the sheet's
 * edge (the probe EDGE_LOOK cells further out still over EDGE_DROP of the region's paper there; an
 * outline that runs off the probe counts as an edge, the photo cutting the sheet there), and
 * `falloff`, the paper along it (the median) over the region's brightest (its 95th percentile).
 */
function outlineOf(probe: Uint8Array, region: Uint8Array, w: number, h: number): { fading: number; falloff: number } {
  const size = w * h;
  // what surrounds the region: the cells outside it reached from the probe's border
  const outside = new Uint8Array(size);
  const stack: number[] = [];
  for (let i = 0; i < size; i++) {
    const x = i % w, y = (i - x) / w;
    if ((x === 0 || y === 0 || x === w - 1 || y === h - 1) && !region[i]) { outside[i] = 1; stack.push(i); }
  }
  while (stack.length) for (const n of neighboursOf(stack.pop()!, w, size)) if (n >= 0 && !outside[n] && !region[n]) { outside[n] = 1; stack.push(n); }
  const paper = paperOf(probe, w, h);
  const inside: number[] = [], along: number[] = [];
  let outline = 0, fading = 0;
  for (let i = 0; i < size; i++) {
    if (!region[i]) continue;
    inside.push(paper[i]);
    const x = i % w, y = (i - x) / w;
    let onOutline = false;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (!outside[(y + dy) * w + x + dx]) continue;
      onOutline = true;
      outline++;
      const ox = x + dx * EDGE_LOOK, oy = y + dy * EDGE_LOOK;
      if (ox >= 0 && oy >= 0 && ox < w && oy < h && probe[oy * w + ox] > paper[i] * EDGE_DROP) fading++;
    }
    if (onOutline) along.push(paper[i]);
  }
  if (!outline) return { fading: 0, falloff: 1 };
  inside.sort((a, b) => a - b);
  along.sort((a, b) => a - b);
  return { fading: fading / outline, falloff: along[along.length >> 1] / Math.max(1, inside[Math.floor(inside.length * 0.95)]) };
}

/**
 * Paper fades into paper: a cell next to the sheet is taken as sheet when its paper is at least this
 * fraction of the brightest paper within PAPER_REACH cells. Light falling off across a sheet (a
 * flash's hot spot, a lamp to one side) changes a few per cent from one cell to the next; the
 * sheet's edge drops to the table by half or more within a cell or two.
 */
const PAPER_FADE = 0.6;
const PAPER_REACH = 4;

/**
 * The sheet grown from its hot spot (`seed`): every neighbour whose paper (paperOf, which reaches a
 * cell past the sheet's edge) is no sharper a drop than PAPER_FADE and clearly brighter than the
 * table (the border's median). Null when it covers less than a fifth of the probe.
 */
function grownSheet(probe: Uint8Array, seed: Uint8Array, w: number, h: number, threshold: number, borderCells: number[]): Uint8Array | null {
  const size = w * h;
  const paper = paperOf(probe, w, h);
  const near = maxFilter(maxFilter(paper, w, h, PAPER_REACH, 1), w, h, PAPER_REACH, w);
  const table = borderCells.map((i) => probe[i]).sort((a, b) => a - b)[borderCells.length >> 1];
  // the sheet's dimmest paper is still well over the table it lies on
  const floor = Math.min(threshold - 1, Math.max(table * 2, table + 6));
  const region = new Uint8Array(size);
  const queue = new Int32Array(size);
  let head = 0, tail = 0;
  for (let i = 0; i < size; i++) if (seed[i]) { region[i] = 1; queue[tail++] = i; }
  while (head < tail) {
    for (const n of neighboursOf(queue[head++], w, size)) {
      if (n >= 0 && !region[n] && paper[n] > floor && paper[n] >= near[n] * PAPER_FADE) { region[n] = 1; queue[tail++] = n; }
    }
  }
  return tail < size * 0.2 ? null : region;
}

/** Each value the greatest within `reach` of it along lines `stride` apart (1: rows, the width: columns). */
function maxFilter(values: Uint8Array, w: number, h: number, reach: number, stride: number): Uint8Array {
  const out = new Uint8Array(values.length);
  const [lines, count, lineStride] = stride === 1 ? [h, w, w] : [w, h, 1];
  for (let line = 0; line < lines; line++) {
    const origin = line * lineStride;
    for (let k = 0; k < count; k++) {
      let most = 0;
      for (let j = Math.max(0, k - reach); j <= Math.min(count - 1, k + reach); j++) most = Math.max(most, values[origin + j * stride]);
      out[origin + k * stride] = most;
    }
  }
  return out;
}

/** The projective map taking each of four points `from` to its `to`: [a b c d e f g h] of (ax+by+c, dx+ey+f)/(gx+hy+1). */
function homography(from: number[][], to: number[][]): number[] {
  // eight equations in eight unknowns, solved by Gaussian elimination with partial pivoting
  const rows: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k], [u, v] = to[k];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r][col]) > Math.abs(rows[pivot][col])) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot], rows[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = rows[r][col] / rows[col][col];
      for (let c = col; c < 9; c++) rows[r][c] -= factor * rows[col][c];
    }
  }
  return rows.map((row, i) => row[8] / row[i]);
}

/** How far (pixels) a rule may wander across its length and still be one run: a page levelled to half a degree. */
const RULE_WANDER = 2;

/**
 * Erases the ruling lines of tables and boxes from a binarised page (black on white): ink at most
 * `thickness` thick in a run longer than `length` across the page, or down it. A run is measured
 * with the ink spread by RULE_WANDER pixels to either side, so that a rule still a little askew is
 * one run and not dashes. Tesseract takes a ruled table for a picture and drops its text, or reads
 * the rules as letters; letters are never that long and thin, and a solid dark band (white text on
 * black) is too thick to be touched.
 */
export function eraseRules(image: GreyImage, length: number, thickness: number): GreyImage {
  const { width, height, data } = image;
  const size = width * height;
  // ink spread up and down (for runs across) and left and right (for runs down)
  const spreadDown = new Uint8Array(size), spreadAcross = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (data[i] !== 0) continue;
    const x = i % width, y = (i - x) / width;
    for (let d = -RULE_WANDER; d <= RULE_WANDER; d++) {
      if (y + d >= 0 && y + d < height) spreadDown[i + d * width] = 1;
      if (x + d >= 0 && x + d < width) spreadAcross[i + d] = 1;
    }
  }
  /** Run lengths of `mask` along lines `step` apart (1: rows, width: columns); `lines` lines of `count` pixels, the first at `first(line)`. */
  const runLengths = (mask: Uint8Array, lines: number, count: number, first: (line: number) => number, step: number) => {
    const result = new Uint16Array(size);
    for (let line = 0; line < lines; line++) {
      const origin = first(line);
      let k = 0;
      while (k < count) {
        if (!mask[origin + k * step]) { k++; continue; }
        let end = k;
        while (end < count && mask[origin + end * step]) end++;
        const run = Math.min(65535, end - k);
        for (let j = k; j < end; j++) result[origin + j * step] = run;
        k = end;
      }
    }
    return result;
  };
  const ink = new Uint8Array(size);
  for (let i = 0; i < size; i++) ink[i] = data[i] === 0 ? 1 : 0;
  const row = (y: number) => y * width, column = (x: number) => x;
  const across = runLengths(spreadDown, height, width, row, 1);
  const down = runLengths(spreadAcross, width, height, column, width);
  // a pixel's own thickness: its unspread run across the rule's direction
  const tallness = runLengths(ink, width, height, column, width);
  const wideness = runLengths(ink, height, width, row, 1);
  const out = new Uint8Array(data);
  for (let i = 0; i < size; i++) {
    if (!ink[i]) continue;
    if ((across[i] >= length && tallness[i] <= thickness) || (down[i] >= length && wideness[i] <= thickness)) out[i] = 255;
  }
  return { width, height, data: out };
}

/**
 * The usual height of a line of text (ink from its tallest letter to its lowest descender), in
 * pixels, on a level binarised page: the median height of the bands of the ink's projection
 * across the lines. 0 when there is too little text to tell.
 */
export function lineHeightOf(image: GreyImage): number {
  const across = lineHeightAcross(image), strips = lineHeightInStrips(image);
  return across && across <= strips * MEASURES_AGREE && across * MEASURES_AGREE >= strips ? across : strips;
}

/** The lines measured across the page and strip by strip agree when within this factor of each other. */
const MEASURES_AGREE = 1.5;
/** Columns a page is cut into to measure its lines strip by strip. */
const LINE_STRIPS = 6;

/**
 * The usual height of a line of text measured strip by strip (LINE_STRIPS columns), the median of
 * every strip's bands: what lineHeightOf falls back on when the measure across the whole page is
 * thrown off (no bands, or bands merged: a dark strip down the page's side or a dotted page edge
 * crosses every row; rows of specks) and the two disagree.
 */
function lineHeightInStrips(image: GreyImage): number {
  const stripWidth = Math.ceil(image.width / LINE_STRIPS);
  const heights: number[] = [];
  for (let left = 0; left < image.width; left += stripWidth) heights.push(...bandHeights(image, left, Math.min(image.width, left + stripWidth)));
  return medianBand(heights);
}

/** lineHeightOf measured across the whole page. */
function lineHeightAcross(image: GreyImage): number {
  return medianBand(bandHeights(image, 0, image.width));
}

/** The heights of the bands of text between columns `left` and `right`: runs of rows that more than a trace of ink crosses (specks and a frame's sides do not count). */
function bandHeights(image: GreyImage, left: number, right: number): number[] {
  const { width, height, data } = image;
  const rows = new Uint32Array(height);
  for (let y = 0; y < height; y++) for (let x = left; x < right; x++) if (data[y * width + x] === 0) rows[y]++;
  const floor = Math.max(2, Math.round((right - left) * 0.002));
  const heights: number[] = [];
  for (let y = 0; y < height;) {
    if (rows[y] <= floor) { y++; continue; }
    let end = y;
    while (end < height && rows[end] > floor) end++;
    if (end - y >= 4) heights.push(end - y);
    y = end;
  }
  return heights;
}

/** The median band's height, 0 when fewer than three bands were found. */
function medianBand(heights: number[]): number {
  if (heights.length < 3) return 0;
  const sorted = [...heights].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}


/** A speck is no wider or taller than this share of the height of a line of text (a full stop is about a tenth). */
const SPECK_SIZE = 0.25;
/**
 * A speck is this share of a line's height or more away from any larger blot: a full stop, an i's
 * dot or an accent lies a tenth to a quarter of it from its letter (after an F or a T, a quarter).
 * At half a line, the dust of the fifth corpus's scans beside the words stayed, read as letters.
 */
const SPECK_REACH = 0.3;
/**
 * A page is speckled with more specks than this in the area of a thousand squares a line of text
 * high: measured 0–27 on the corpora's clean scans and photos (stray dots of dotted leaders and
 * frames), 590–1360 on scans from a dirty platen, 43 on a photo of one.
 */
export const SPECKLED = 150;

/**
 * A binarised page's specks (black on white) erased: the ink blots smaller than SPECK_SIZE with no
 * larger blot within SPECK_REACH (nor a small one kept for being near one), both measured in lines
 * of text `lineHeight` high. A dirty platen or toner dust leaves such dots all over a scan, and
 * Tesseract takes each one beside a word for an accent or a letter; the dots of text (a full stop,
 * an i's dot, an accent, a colon) lie by the letters they belong to and are kept. Returns the page without them and the specks' density (how
 * many in the area of a thousand squares a line high: see SPECKLED).
 */
export function eraseSpecks(image: GreyImage, lineHeight: number): { image: GreyImage; density: number } {
  const { width, height, data } = image;
  const size = Math.max(2, Math.round(lineHeight * SPECK_SIZE));
  const reach = Math.max(2, Math.round(lineHeight * SPECK_REACH));
  // the blots are marked on the copy itself (a decoding process's memory is budgeted): ink still
  // unvisited 0, a small blot's pixels SMALL, a larger one's LARGE, a small one kept KEPT; paper stays 255
  const SMALL = 1, LARGE = 2, KEPT = 3;
  const out = new Uint8Array(data);
  let ink = 0;
  for (let i = 0; i < out.length; i++) if (out[i] === 0) ink++;
  const queue = new Int32Array(ink);
  // each small blot: its first pixel and its box
  const specks: number[] = [];
  for (let start = 0; start < out.length; start++) {
    if (out[start] !== 0) continue;
    const { x0, y0, x1, y1, pixels: tail } = walkBlot(start, width, height, queue, (n) => (out[n] === 0 ? (out[n] = SMALL, true) : false));
    if (x1 - x0 < size && y1 - y0 < size) specks.push(start, x0, y0, x1, y1);
    else for (let k = 0; k < tail; k++) out[queue[k]] = LARGE;
  }
  /** The small blot holding `start` (its pixels all SMALL, joined to no other blot) painted `value`. */
  const paint = (start: number, value: number) => {
    let head = 0, tail = 0;
    queue[tail++] = start; out[start] = value;
    while (head < tail) {
      const i = queue[head++];
      const x = i % width, y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const n = yy * width + xx;
        if (out[n] === SMALL) { out[n] = value; queue[tail++] = n; }
      }
    }
  };
  // a small blot by a kept one is kept too, and so is one straight above or below a kept one within
  // twice the reach: the dots of a colon after a full stop ("C.I.F.:") lie by the full stop and over
  // each other, not by a letter
  const chained = reach * 2;
  let lone = Array.from({ length: specks.length / 5 }, (_, k) => k * 5);
  for (let kept = true; kept;) {
    kept = false;
    lone = lone.filter((s) => {
      const [start, x0, y0, x1, y1] = specks.slice(s, s + 5);
      for (let y = Math.max(0, y0 - chained); y <= Math.min(height - 1, y1 + chained); y++) {
        const near = y >= y0 - reach && y <= y1 + reach;
        for (let x = Math.max(0, x0 - reach); x <= Math.min(width - 1, x1 + reach); x++) {
          const v = out[y * width + x];
          if ((near && (v === LARGE || v === KEPT)) || (v === KEPT && x >= x0 && x <= x1)) { paint(start, KEPT); kept = true; return false; }
        }
      }
      return true;
    });
  }
  // the lone specks turned to paper
  for (const s of lone) paint(specks[s], 255);
  const erased = lone.length;
  for (let i = 0; i < out.length; i++) if (out[i] !== 255) out[i] = 0;
  return { image: { width, height, data: out }, density: (erased * lineHeight * lineHeight * 1000) / Math.max(1, width * height) };
}
