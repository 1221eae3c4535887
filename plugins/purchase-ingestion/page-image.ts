/**
 * A page image made ready for OCR, on its raw greyscale pixels: the lighting evened out (a phone
 * photo's shadow, a faint or low-contrast scan), binarised at the threshold its own histogram gives,
 * and turned upright and straight (a scan fed sideways or upside down, a page a few degrees askew).
 * Tesseract's own layout analysis expects upright, level text; the npm language data has no
 * orientation model, so the orientation is measured here from the ink.
 */

export interface GreyImage { width: number; height: number; data: Uint8Array }

/**
 * Divides each pixel by its neighbourhood's paper brightness (the brightest of the area around it,
 * smoothed), so that paper is white everywhere and ink keeps its contrast against it; then the
 * threshold between ink and paper is the histogram's (Otsu). Returns a black-on-white image.
 */
export function binarise(image: GreyImage): GreyImage {
  const { width, height, data } = image;
  const paper = paperBrightness(image);
  const even = new Uint8Array(width * height);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < even.length; i++) {
    const value = Math.min(255, Math.round((data[i] * 255) / Math.max(1, paper[i])));
    even[i] = value;
    histogram[value]++;
  }
  const threshold = Math.max(96, Math.min(224, otsu(histogram, even.length)));
  for (let i = 0; i < even.length; i++) even[i] = even[i] < threshold ? 0 : 255;
  return { width, height, data: even };
}

/** Cell size of the paper-brightness grid, in pixels: a few text heights at 150–200 dpi. */
const CELL = 32;
/** Paper is never taken as darker than this (out of 255). */
const PAPER_FLOOR = 40;

/** The paper's brightness at every pixel: the brightest of each cell and its neighbours, interpolated between cell centres. */
function paperBrightness({ width, height, data }: GreyImage): Uint8Array {
  const cols = Math.ceil(width / CELL), rows = Math.ceil(height / CELL);
  const cellMax = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++) {
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
  const smooth = spread(spread(cellMax, (v) => Math.max(...v)), (v) => Math.round(v.reduce((a, b) => a + b, 0) / v.length));
  const paper = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(rows - 1, Math.max(0, (y - CELL / 2) / CELL));
    const r0 = Math.floor(fy), r1 = Math.min(rows - 1, r0 + 1), wy = fy - r0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(cols - 1, Math.max(0, (x - CELL / 2) / CELL));
      const c0 = Math.floor(fx), c1 = Math.min(cols - 1, c0 + 1), wx = fx - c0;
      const top = smooth[r0 * cols + c0] * (1 - wx) + smooth[r0 * cols + c1] * wx;
      const bottom = smooth[r1 * cols + c0] * (1 - wx) + smooth[r1 * cols + c1] * wx;
      // a deep shadow is still paper; only an area with nothing brighter than ink (a black bar wider than three cells) is not
      paper[y * width + x] = Math.max(PAPER_FLOOR, Math.round(top * (1 - wy) + bottom * wy));
    }
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
export interface Orientation { quarterTurns: 0 | 1 | 2 | 3; skewDegrees: number }

const MAX_SKEW = 10;
const SKEW_STEP = 0.25;
/** How much sharper lines down the page must be than across it for the page to be taken as sideways. */
const SIDEWAYS_MARGIN = 1.8;
/** Ink pixels the estimate looks at, at most (sampled evenly): enough for a page, bounded in time. */
const MAX_INK_SAMPLES = 60_000;

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
  if (ink < 200) return { quarterTurns: 0, skewDegrees: 0 };
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
  const level = sharpest(false), upright = sharpest(true);
  // a page is turned only when lines running down it are clearly sharper: a table whose rows repeat
  // the same words lines its columns up too (measured: turned pages 2–4× sharper, such tables 1.5×)
  const best = upright.score > level.score * SIDEWAYS_MARGIN ? upright : level;
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
  return { quarterTurns: quarterTurns as Orientation['quarterTurns'], skewDegrees: best.degrees };
}
