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

/** An .xlsx whose first sheet holds these rows (the header first). */
export async function workbookOf(
  rows: readonly (readonly (string | number | null)[])[],
  sheetName = 'Sheet1',
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const BOUNDARY = '----cityops-import-boundary';

/** The multipart body of one file in the field `file`, as the browser's form sends it. */
export function multipartFile(file: Buffer, name: string) {
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}
