import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Spreadsheet imports (contacts, contact lists): reading a .xlsx/.csv into rows, sorting them into
 * valid and refused with the reason each row shows in the per-row report, and the example sheet.
 */

/** One data row of an uploaded sheet, as text; `row` is the line number the spreadsheet shows. */
export interface SheetRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

/** The most data rows one upload may carry (decision 0076). */
export const MAX_SHEET_ROWS = 5000;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Header words per column (any case, accents and spaces ignored). */
const headers: Record<'name' | 'number' | 'email', string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact'],
  number: ['number', 'numero', 'telefone', 'phone', 'celular', 'whatsapp', 'fone'],
  email: ['email', 'e-mail', 'correo'],
};
const fold = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, '').toLowerCase();

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString();
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  // Numbers typed in a sheet (5511988887777) must not come back as 5.5e12.
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  return String(v).trim();
};

/** The separator of a CSV as written (our own export uses ';'). */
const delimiterOf = (text: string): string => {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
};

/**
 * The rows of a .xlsx or .csv (a ".xls" that is really one of them is read as such; a binary
 * Excel 97 file is refused: exceljs cannot read it). Columns are found by their header (name,
 * number, email in pt/en/es); without a recognisable header the first three columns are read in
 * that order, from the first row.
 */
export const readSheet = async (bytes: Buffer): Promise<SheetRow[]> => {
  const wb = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (bytes.subarray(0, 4).equals(ZIP)) {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      sheet = wb.worksheets[0];
    } else if (bytes.subarray(0, 4).equals(OLE)) {
      throw new AppError('ERR_VALIDATION', 'Excel 97-2003 (.xls) files cannot be read: save the sheet as .xlsx or .csv');
    } else {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      // Cells stay text: exceljs' default map turns digit strings into floats, and two long numbers
      // that differ in their last digits would become one (then 'duplicated').
      sheet = await wb.csv.read(Readable.from([text]), { map: (value: string) => value, parserOptions: { delimiter: delimiterOf(text), relax_column_count: true } } as never);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('ERR_VALIDATION', 'the file is not a readable spreadsheet (.csv, .xls or .xlsx)');
  }
  if (!sheet) return [];

  const first = sheet.getRow(1);
  const cols: Record<keyof typeof headers, number | undefined> = { name: undefined, number: undefined, email: undefined };
  first.eachCell((cell, col) => {
    const h = fold(cellText(cell.value));
    for (const key of Object.keys(headers) as (keyof typeof headers)[]) if (cols[key] === undefined && headers[key].includes(h)) cols[key] = col;
  });
  const hasHeader = cols.name !== undefined || cols.number !== undefined;
  const at = { name: cols.name ?? (hasHeader ? undefined : 1), number: cols.number ?? (hasHeader ? undefined : 2), email: cols.email ?? (hasHeader ? undefined : 3) };

  const rows: SheetRow[] = [];
  sheet.eachRow((r, n) => {
    if (hasHeader && n === 1) return;
    const get = (c: number | undefined) => (c ? cellText(r.getCell(c).value).trim() : '');
    const row = { row: n, name: get(at.name), number: get(at.number), email: get(at.email) };
    if (row.name || row.number || row.email) rows.push(row);
  });
  if (rows.length > MAX_SHEET_ROWS) throw new AppError('ERR_VALIDATION', `at most ${MAX_SHEET_ROWS} rows per file`);
  return rows;
};

/** Why a row was refused: the field that failed its schema, or a number that came earlier in the file. */
export type RowReason = 'name' | 'number' | 'email' | 'duplicated';

/** A refused row as the per-row report shows it (long cells cut). */
export interface RefusedRow {
  row: number;
  name: string;
  number: string;
  reason: RowReason;
}

/**
 * Sorts a sheet's rows: each is checked with `schema` (the same the form uses), its number
 * normalised; a row failing is refused with its first failing field, a number already seen
 * earlier in the file is refused as 'duplicated'. The valid ones keep their line number.
 */
export const sortSheetRows = (
  rows: SheetRow[],
  schema: z.ZodType<{ name: string; number: string; email: string }>,
  normalize: (number: string) => string,
): { valid: SheetRow[]; refused: RefusedRow[] } => {
  const refused: RefusedRow[] = [];
  const valid: SheetRow[] = [];
  const seen = new Set<string>();
  const refuse = (r: SheetRow, reason: RowReason) => refused.push({ row: r.row, name: r.name.slice(0, 100), number: r.number.slice(0, 60), reason });
  for (const r of rows) {
    const parsed = schema.safeParse({ name: r.name, number: r.number, email: r.email });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      refuse(r, field === 'name' || field === 'email' ? field : 'number');
      continue;
    }
    const number = normalize(parsed.data.number);
    if (seen.has(number)) {
      refuse(r, 'duplicated');
      continue;
    }
    seen.add(number);
    valid.push({ row: r.row, name: parsed.data.name, number, email: parsed.data.email });
  }
  return { valid, refused };
};

/** An example sheet to fill in: the header the reader recognises and two made-up rows (.xlsx bytes). */
export const exampleSheet = async (header: { name: string; number: string; email: string }, rows: [string, string, string][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contatos');
  sheet.columns = [
    { header: header.name, key: 'name', width: 30 },
    { header: header.number, key: 'number', width: 20 },
    { header: header.email, key: 'email', width: 30 },
  ];
  // Numbers as text: a sheet program would otherwise show 5511999999999 as 5.5E+12.
  sheet.getColumn('number').numFmt = '@';
  for (const [name, number, email] of rows) sheet.addRow({ name, number, email });
  return Buffer.from(await wb.xlsx.writeBuffer());
};
