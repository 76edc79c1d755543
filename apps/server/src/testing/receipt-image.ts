import sharp from 'sharp';

/**
 * Generated receipt photos for smart review tests and the OCR benchmark (bench: npm run receipts): SVG text
 * rendered by sharp with the fonts installed on the machine, in varied fonts, sizes, label wordings and date
 * formats, with speckle noise, a tinted background, slight blur and a slight rotation. Deterministic per seed.
 */

export interface ReceiptSpec {
  merchant: string;
  address: string;
  /** YYYY-MM-DD. */
  date: string;
  receiptNumber: string;
  items: { name: string; quantity: number; amountCents: number }[];
  taxCents: number;
  font: string;
  fontSize: number;
  /** Degrees, small (±3). */
  rotation: number;
  /** 0 … 1: speckles and background tint. */
  noise: number;
  /** Gaussian blur sigma (0 = none). */
  blur: number;
  totalLabel: string;
  dateFormat: 'iso' | 'us' | 'text';
  seed: number;
}

export const RECEIPT_FONTS = [
  'DejaVu Sans',
  'DejaVu Sans Mono',
  'DejaVu Serif',
  'DejaVu Sans Condensed',
  'DejaVu Serif Condensed',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
] as const;

const MERCHANTS = ['CORNER MARKET', 'FRESH FOODS', 'SUNNY GROCERY', 'CITY MART', 'GREEN VALLEY STORE', 'QUICK STOP', 'MAPLE PANTRY', 'HARBOR DELI'];
const STREETS = ['Main Street', 'Oak Avenue', 'Market Road', 'Pine Lane', 'Harbor Blvd', 'Elm Street'];
export const RECEIPT_PRODUCTS = [
  'Sparkling Water',
  'Orange Juice',
  'Cola Zero',
  'Lemon Tea',
  'Energy Drink',
  'Mineral Water',
  'Apple Juice',
  'Iced Coffee',
  'Ginger Ale',
  'Tonic Water',
];
const TOTAL_LABELS = ['TOTAL', 'Total', 'GRAND TOTAL', 'AMOUNT DUE', 'TOTAL DUE'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A small seeded PRNG (mulberry32): the same seed gives the same receipt. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T,>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export const receiptTotalCents = (s: Pick<ReceiptSpec, 'items' | 'taxCents'>) =>
  s.items.reduce((sum, i) => sum + i.amountCents, 0) + s.taxCents;

/** A random receipt spec for the seed; `over` fixes any field. */
export function randomReceiptSpec(seed: number, over: Partial<ReceiptSpec> = {}): ReceiptSpec {
  const rand = prng(seed);
  const n = 1 + Math.floor(rand() * 5);
  const names = [...RECEIPT_PRODUCTS].sort(() => rand() - 0.5).slice(0, n);
  const items = names.map((name) => {
    const quantity = 1 + Math.floor(rand() * 4);
    return { name, quantity, amountCents: quantity * (99 + Math.floor(rand() * 900)) };
  });
  const subtotal = items.reduce((s, i) => s + i.amountCents, 0);
  const day = 1 + Math.floor(rand() * 20);
  return {
    merchant: pick(rand, MERCHANTS),
    address: `${10 + Math.floor(rand() * 890)} ${pick(rand, STREETS)}`,
    date: `2026-11-${String(day).padStart(2, '0')}`,
    receiptNumber: String(10000 + Math.floor(rand() * 89999)),
    items,
    taxCents: Math.round(subtotal * (rand() < 0.2 ? 0 : 0.05 + rand() * 0.05)),
    font: pick(rand, RECEIPT_FONTS),
    fontSize: 17 + Math.floor(rand() * 6),
    rotation: (rand() - 0.5) * 4,
    noise: rand() * 0.6,
    blur: rand() < 0.3 ? 0.3 + rand() * 0.4 : 0,
    totalLabel: pick(rand, TOTAL_LABELS),
    dateFormat: pick(rand, ['iso', 'us', 'text'] as const),
    seed,
    ...over,
  };
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function dateText(s: ReceiptSpec): string {
  const [y, m, d] = s.date.split('-').map(Number) as [number, number, number];
  if (s.dateFormat === 'us') return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
  if (s.dateFormat === 'text') return `${MONTHS[m - 1]} ${d}, ${y}`;
  return s.date;
}

/** The receipt as a PNG. */
export async function renderReceipt(s: ReceiptSpec): Promise<Buffer> {
  const rand = prng(s.seed * 7919 + 1);
  const width = 460;
  const lh = Math.round(s.fontSize * 1.45);
  const x0 = 28;
  const x1 = width - 28;
  const lines: string[] = [];
  let y = 40;
  const text = (x: number, t: string, o: { anchor?: 'end' | 'middle'; bold?: boolean; size?: number } = {}) =>
    lines.push(
      `<text x="${x}" y="${y}"${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.bold ? ' font-weight="bold"' : ''}${o.size ? ` font-size="${o.size}"` : ''}>${esc(t)}</text>`,
    );
  text(width / 2, s.merchant, { anchor: 'middle', bold: true, size: s.fontSize + 5 });
  y += lh;
  text(width / 2, s.address, { anchor: 'middle' });
  y += lh;
  text(x0, `Date: ${dateText(s)}  ${String(8 + Math.floor(rand() * 12)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`);
  y += lh;
  text(x0, `Receipt #: ${s.receiptNumber}`);
  y += Math.round(lh * 1.5);
  for (const i of s.items) {
    text(x0, `${i.name} x${i.quantity}`);
    text(x1, money(i.amountCents), { anchor: 'end' });
    y += lh;
  }
  y += Math.round(lh * 0.5);
  const subtotal = s.items.reduce((sum, i) => sum + i.amountCents, 0);
  text(x0, 'SUBTOTAL');
  text(x1, money(subtotal), { anchor: 'end' });
  y += lh;
  text(x0, 'TAX');
  text(x1, money(s.taxCents), { anchor: 'end' });
  y += Math.round(lh * 1.3);
  text(x0, s.totalLabel, { bold: true });
  text(x1, money(receiptTotalCents(s)), { anchor: 'end', bold: true });
  y += Math.round(lh * 1.5);
  text(width / 2, 'THANK YOU FOR SHOPPING', { anchor: 'middle', size: s.fontSize - 3 });
  const height = y + 30;

  const speckles: string[] = [];
  const count = Math.round(s.noise * 500);
  for (let i = 0; i < count; i++)
    speckles.push(`<circle cx="${(rand() * width).toFixed(1)}" cy="${(rand() * height).toFixed(1)}" r="${(0.4 + rand() * 0.9).toFixed(2)}" fill="#${rand() < 0.5 ? '555' : '999'}"/>`);
  const tint = Math.round(250 - s.noise * 25);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="rgb(${tint},${tint - 2},${tint - 8})"/>
${speckles.join('')}
<g font-family="${esc(s.font)}" font-size="${s.fontSize}" fill="#1e1e1e">${lines.join('')}</g>
</svg>`;
  let img = sharp(Buffer.from(svg)).rotate(s.rotation, { background: '#ffffff' });
  if (s.blur > 0) img = img.blur(s.blur);
  return img.jpeg({ quality: 85 }).toBuffer();
}
