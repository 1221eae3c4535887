import { formatMoney } from './format';

/**
 * Charts drawn as SVG from the API's figures. The labels and the data table show the API's decimal
 * strings as they came; only the bars' lengths use a float of each amount (a pixel needs no cent).
 * The drawing is hidden from assistive technology: each chart carries a table of the same figures.
 */
const scale = (amount: string) => { const n = Number(amount); return Number.isFinite(n) ? n : 0; };

export interface Series { name: string; className: string; values: string[] }

/** Grouped columns: one group per label (a month), one column per series. */
export function ColumnChart({ title, labels, series, caption }: { title: string; labels: string[]; series: Series[]; caption: string }) {
  const width = 600, height = 220, top = 10, bottom = 24, left = 4;
  const values = series.flatMap((s) => s.values.map(scale));
  const max = Math.max(0, ...values), min = Math.min(0, ...values);
  const span = max - min || 1;
  const y = (v: number) => top + ((max - v) / span) * (height - top - bottom);
  const group = (width - left) / Math.max(1, labels.length);
  const bar = (group * 0.8) / Math.max(1, series.length);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line x1={left} x2={width} y1={y(0)} y2={y(0)} className="axis" />
        {labels.map((label, i) => (
          <g key={label}>
            {series.map((s, j) => {
              const v = scale(s.values[i] ?? '0');
              return <rect key={s.name} className={s.className} x={left + i * group + group * 0.1 + j * bar} width={bar - 1} y={Math.min(y(v), y(0))} height={Math.max(0.5, Math.abs(y(v) - y(0)))} />;
            })}
            <text x={left + i * group + group / 2} y={height - 6} textAnchor="middle" className="tick">{label}</text>
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="legend">{series.map((s) => <span key={s.name}><i className={`swatch ${s.className}`} />{s.name}</span>)}</span>
      </figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead><tr><th scope="col">{title}</th>{series.map((s) => <th scope="col" key={s.name}>{s.name}</th>)}</tr></thead>
        <tbody>{labels.map((label, i) => <tr key={label}><th scope="row">{label}</th>{series.map((s) => <td key={s.name}>{formatMoney(s.values[i] ?? '0')}</td>)}</tr>)}</tbody>
      </table>
    </figure>
  );
}

/** Horizontal bars, one per item, with its name and amount as text beside the bar. */
export function BarList({ items, label }: { items: { name: string; amount: string }[]; label: string }) {
  const max = Math.max(0, ...items.map((item) => scale(item.amount))) || 1;
  return (
    <ul className="bars" aria-label={label}>
      {items.map((item, i) => (
        <li key={`${item.name}-${i}`}>
          <span className="bar-label"><span>{item.name}</span><span className="amount">{formatMoney(item.amount)}</span></span>
          <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0" y="0" height="6" width={Math.max(0.5, (Math.max(0, scale(item.amount)) / max) * 100)} className="bar" />
          </svg>
        </li>
      ))}
    </ul>
  );
}
