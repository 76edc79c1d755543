/** A multipart/form-data body as a browser sends it: text fields first, then one file part. */
export function multipartBody(
  file: { name: string; type?: string; bytes: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; boundary: string; contentType: string } {
  const boundary = `----rally${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), boundary, contentType: `multipart/form-data; boundary=${boundary}` };
}
