import { crc32, deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../src/db/schema.js';

/** Image files as people (and attackers) upload them, for the upload tests. */

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * A valid PNG declaring `width` × `height` black-and-white pixels: 20000 × 20000 (400 megapixels, 50 MB of image
 * data once inflated) is about 50 KB of file. A "decompression bomb".
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a text chunk (e.g. a script) right after its header chunk. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const afterHeader = PNG_SIGNATURE.length + 25;
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text)]));
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** A GIF with a comment extension (e.g. a script) before its first image. */
export function withGifComment(gif: Buffer, text: string): Buffer {
  const flags = gif[10]!;
  const colourTable = flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0;
  const at = 13 + colourTable;
  const data = Buffer.from(text);
  if (data.length > 255) throw new Error('one sub-block only');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, data.length]), data, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)]);
}

/** A JPEG with a comment segment and an IPTC (Photoshop APP13) caption after its start marker. */
export function withJpegCommentAndIptc(jpeg: Buffer, comment: string, caption: string): Buffer {
  const text = Buffer.from(comment);
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 255]), text]);
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, 0x00, caption.length]), Buffer.from(caption)]);
  const resourceSize = Buffer.alloc(4);
  resourceSize.writeUInt32BE(record.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM'),
    Buffer.from([0x04, 0x04, 0, 0]),
    resourceSize,
    record,
    Buffer.alloc(record.length % 2),
  ]);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const app13 = Buffer.concat([Buffer.from([0xff, 0xed, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
  return Buffer.concat([jpeg.subarray(0, 2), com, app13, jpeg.subarray(2)]);
}

/**
 * A phone photo taken sideways: stored 60 wide and 20 high (left half red, right half blue) with EXIF orientation
 * 6 (shown turned 90° clockwise: 20 wide, 60 high, red on top), GPS coordinates, XMP, an IPTC caption and a
 * comment.
 */
export async function sidewaysPhotoWithGps(): Promise<Buffer> {
  const red = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 4/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 26/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane Student"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  return withJpegCommentAndIptc(jpeg, 'Taken at home', 'Our street');
}

/** The tag numbers of the GPS directory of an EXIF block (empty when it has none). */
export function exifGpsTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0', 0, 'latin1') + 6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const entries = (directory: number) =>
    Array.from({ length: u16(directory) }, (_, index) => ({
      tag: u16(directory + 2 + index * 12),
      value: u32(directory + 2 + index * 12 + 8),
    }));
  const gps = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  return gps ? entries(gps.value).map((entry) => entry.tag) : [];
}

/** The colour of one pixel, as [r, g, b]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/**
 * Whether two files hold the same picture (size and every pixel). Uploads are stored re-encoded, so the stored
 * bytes need not equal the uploaded ones, but a lossless format's pixels must.
 */
export async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  const [first, second] = await Promise.all(
    [a, b].map((image) => sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  return (
    first!.info.width === second!.info.width &&
    first!.info.height === second!.info.height &&
    first!.data.equals(second!.data)
  );
}

/** The hash in a media URL. */
export function hashOf(url: string): string {
  const match = /^\/media\/([0-9a-f]{64})\.\w+$/.exec(url);
  if (!match) throw new Error(`not a media URL: ${url}`);
  return match[1]!;
}

/** The stored row behind a media hash. */
export function storedBlob(db: Kysely<DB>, sha256: string) {
  return db
    .selectFrom('media_blobs')
    .select(['sha256', 'content_type', 'byte_size', 'width', 'height', 'data'])
    .where('sha256', '=', sha256)
    .executeTakeFirstOrThrow();
}

/** How many rows a table has. */
export async function rowCount(db: Kysely<DB>, table: 'images' | 'media_blobs' | 'countries'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const SVG = 'http://www.w3.org/2000/svg';

/** Every trick of the known SVG attacks at once, around a drawing that must survive. */
export const MALICIOUS_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="https://evil.example/sheet.css" type="text/css"?>
<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ev="http://www.w3.org/2001/xml-events"
     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="60" height="40" viewBox="0 0 60 40" onload="alert('onload')" inkscape:version="1.3">
  <style>@import url("https://evil.example/import.css");
    .red { fill: #d52b1e; stroke: url(https://evil.example/paint) }
    .bg { background-image: url(https://evil.example/bg.png) }</style>
  <script type="text/javascript">alert('script')</script>
  <script xlink:href="https://evil.example/external.js"/>
  <handler xmlns="http://www.w3.org/2001/xml-events" ev:event="load">alert('handler')</handler>
  <foreignObject width="60" height="40"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert('iframe')"/></foreignObject>
  <iframe src="https://evil.example/frame"/>
  <a href="javascript:alert('link')" xlink:href="javascript:alert('xlink')"><rect width="5" height="5" fill="#000"/></a>
  <rect width="60" height="40" fill="#ffffff" onclick="alert('onclick')" onmouseover="alert('over')"/>
  <rect class="red bg" x="0" width="15" height="40" style="stroke-width: 2; behavior: url(https://evil.example/x.htc)"/>
  <rect x="45" width="15" height="40" fill="url(https://evil.example/paint#p)" style="fill: #d52b1e"/>
  <rect x="20" width="20" height="5" fill="u\\72 l(https://evil.example/escaped)"/>
  <use xlink:href="https://evil.example/sprites.svg#icon"/>
  <use href="data:image/svg+xml;base64,PHN2Zy8+"/>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <animate attributeName="href" to="javascript:alert('animate')"/>
  <set attributeName="onmouseover" to="alert('set')"/>
  <!-- a comment with <script>alert('comment')</script> -->
  <?php echo "processing instruction"; ?>
</svg>`;

/** Words none of which may be left after sanitising MALICIOUS_SVG. */
export const MALICIOUS_TRACES = [
  '<script',
  'alert',
  'onload',
  'onclick',
  'onmouseover',
  'foreignObject',
  'iframe',
  'handler',
  'javascript:',
  'evil.example',
  'data:',
  'xlink',
  '@import',
  '<style',
  'style=',
  '<a',
  '<image',
  '<animate',
  '<set',
  '<use',
  '<?',
  '<!--',
  'behavior',
  'inkscape',
  'class=',
  '\\',
];
