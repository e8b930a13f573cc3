import ExcelJS from 'exceljs';

/** The first sheet of a downloaded .xlsx: its name and its rows as plain values, header row first. */
export async function sheetRows(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(file).buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
  return { name: sheet?.name, rows };
}
