/**
 * CSV both ways. Export: a header row, UTF-8 with a BOM (spreadsheet programs then read accents
 * right), CRLF lines, every cell quoted when needed, and any cell a spreadsheet could run as a
 * formula prefixed with an apostrophe: one starting with =, +, -, @, tab or CR, or with a
 * look-alike that spreadsheet programs read as one of them (fullwidth ＝ ＋ － ＠, the small
 * ﹦ ﹢ ﹣ ﹫, super- and subscript ⁼ ₌ ⁺ ₊ ⁻ ₋ and the minus sign −), also behind invisible
 * characters (a zero-width space, a direction mark, white space) that a program may drop
 * before it reads the cell. Streamed page by page
 * from the database, so a 100,000-row export never holds its rows in memory. Import: RFC 4180
 * parsing (quoted cells, doubled quotes, line breaks inside quotes).
 */
export const BOM = '\uFEFF';

/** Tab and CR start a formula as they are (LibreOffice); every other sign is tested after folding. */
const CONTROL_START = /^[\t\r]/;
/**
 * What may stand unseen before a sign: format characters (Cf: zero-width space and joiners,
 * direction marks, the BOM, the soft hyphen), white space, and the blank letters and pattern
 * (Hangul fillers, the braille blank) that are drawn as nothing.
 */
const INVISIBLE_LEAD = /^[\p{Cf}\p{White_Space}\u115F\u1160\u3164\uFFA0\u2800]+/u;
/**
 * The signs, once the first visible character is folded by NFKC (＝ ﹦ ⁼ ₌ become =, ＋ ﹢ ⁺ ₊ +,
 * － ﹣ -, ＠ ﹫ @, and ⁻ ₋ the minus sign U+2212 −, which folds to nothing else and is named).
 */
const FORMULA_SIGN = /^[=+\-@\u2212]/;

/** Whether a spreadsheet could take the cell for a formula. */
export function looksLikeFormula(text: string): boolean {
  if (CONTROL_START.test(text)) return true;
  const visible = text.replace(INVISIBLE_LEAD, '');
  const first = visible.codePointAt(0);
  return first !== undefined && FORMULA_SIGN.test(String.fromCodePoint(first).normalize('NFKC'));
}

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A response body that writes the header, then asks `nextPage` for rows until it returns none.
 * Each pull fetches one page only when the reader wants more (backpressure).
 */
export function csvStream<Row>(header: readonly string[], nextPage: (after: Row | null) => Promise<Row[]>, toCells: (row: Row) => readonly unknown[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine(header)));
          return;
        }
        const rows = await nextPage(last);
        if (!rows.length) {
          controller.close();
          return;
        }
        last = rows.at(-1)!;
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(toCells(row))).join('')));
      },
    },
    { highWaterMark: 1 },
  );
}

/** Parses CSV text into rows of cells, with each row's line number (1-based) for reports. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',' || ch === ';') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) endRow();
  return rows;
}
