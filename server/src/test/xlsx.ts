import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
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

/** One file of a hand-built zip: its text in pieces, and what its header claims it unpacks to. */
export interface ZipPart {
  name: string;
  text: Iterable<string>;
  /** The uncompressed size the headers declare (the true one when not given): a lie for bombs. */
  declaredSize?: number;
}

/** Deflates the pieces as they come (never the whole text at once): the bytes, their CRC-32 and size. */
async function deflated(text: Iterable<string>) {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = async () => {
    const bytes = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  // Small pieces (a row each) are gathered into writes of about 64 kB.
  for (const piece of text) {
    pending.push(piece);
    pendingLength += piece.length;
    if (pendingLength >= 64 * 1024) await flush();
  }
  await flush();
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), crc, size };
}

/**
 * A zip of these parts in this order, deflated, written by hand so that a test can make what no
 * library writes on purpose: a sheet that unpacks to far more than its headers say.
 */
export async function zipOf(parts: readonly ZipPart[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflated(part.text);
    const name = Buffer.from(part.name);
    // Both headers share these fields: version, flags (UTF-8 name), deflate, a 1980 date, sizes.
    const shared = Buffer.alloc(26);
    shared.writeUInt16LE(20, 0);
    shared.writeUInt16LE(0x0800, 2);
    shared.writeUInt16LE(8, 4);
    shared.writeUInt16LE(0x21, 8);
    shared.writeUInt32LE(crc, 10);
    shared.writeUInt32LE(data.length, 14);
    shared.writeUInt32LE(part.declaredSize ?? size, 18);
    shared.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([signature(0x04034b50), shared, name, data]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    shared.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local);
    centrals.push(Buffer.concat([central, name]));
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function signature(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row of inline-string cells in the sheet's XML. */
export const sheetRowXml = (row: number, cells: readonly string[]) =>
  `<row r="${row}">${cells
    .map(
      (cell, index) =>
        `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`,
    )
    .join('')}</row>`;

/**
 * An .xlsx of one sheet whose XML is `rows` (row elements, streamed in pieces), under a header of
 * inline strings; `declaredSize` is what the sheet's headers claim. The sheet comes before the rest,
 * as Excel and ExcelJS write it.
 */
export function bigWorkbook(
  header: readonly string[],
  rows: Iterable<string>,
  options: { declaredSize?: number; end?: string } = {},
) {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeRelations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const type = (name: string) => `${officeRelations}/${name}`;
  function* sheet() {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${main}"><sheetData>`;
    yield sheetRowXml(1, header);
    yield* rows;
    yield options.end ?? '</sheetData></worksheet>';
  }
  return zipOf([
    {
      name: '[Content_Types].xml',
      text: [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `</Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      text: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${relations}">` +
          `<Relationship Id="rId1" Type="${type('officeDocument')}" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    { name: 'xl/worksheets/sheet1.xml', text: sheet(), declaredSize: options.declaredSize },
    {
      name: 'xl/workbook.xml',
      text: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${officeRelations}">` +
          `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${relations}">` +
          `<Relationship Id="rId1" Type="${type('worksheet')}" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
  ]);
}
