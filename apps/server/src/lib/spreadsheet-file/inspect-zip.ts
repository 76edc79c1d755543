/** What an .xlsx (a zip) declares about itself, read from its central directory without inflating anything. */
export interface ZipFacts {
  entries: number;
  compressedBytes: number;
  expandedBytes: number;
  /** The largest uncompressed size any one entry declares. */
  largestEntryBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
// ZIP64 marks a size that does not fit 32 bits; no sheet within our caps needs it.
const ZIP64 = 0xffffffff;

export function inspectZip(bytes: Buffer): ZipFacts | null {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const from = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  let compressedBytes = 0;
  let expandedBytes = 0;
  let largestEntryBytes = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return null;
    const compressed = bytes.readUInt32LE(offset + 20);
    const expanded = bytes.readUInt32LE(offset + 24);
    compressedBytes += compressed;
    expandedBytes += expanded === ZIP64 ? Infinity : expanded;
    largestEntryBytes = Math.max(largestEntryBytes, expanded === ZIP64 ? Infinity : expanded);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return { entries, compressedBytes, expandedBytes, largestEntryBytes };
}
