/*
 * Just enough MIME (RFC 2045-2047) to read what the service sends: headers
 * with encoded words, multipart bodies, quoted-printable and base64 parts.
 * Tests read e-mails the way a mail client would, rather than trusting the
 * sender's own view of them.
 */

export interface MimePart {
  /** Lower-cased header names; repeated headers keep their first value. */
  headers: Map<string, string>;
  contentType: string;
  params: Map<string, string>;
  /** The decoded body of a leaf part; '' for a multipart. */
  body: string;
  parts: MimePart[];
}

export interface ParsedMessage {
  headers: Map<string, string>;
  subject: string;
  text?: string;
  html?: string;
  root: MimePart;
}

function splitHeadersAndBody(raw: string): [string, string] {
  const end = raw.indexOf('\n\n');
  return end === -1 ? [raw, ''] : [raw.slice(0, end), raw.slice(end + 2)];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines continue the header above them.
  const unfolded = block.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** `text/plain; charset=utf-8; format="flowed"` → type and parameters. */
export function parseContentType(value: string | undefined): {
  type: string;
  params: Map<string, string>;
} {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    const name = param.slice(0, equals).trim().toLowerCase();
    const raw = param.slice(equals + 1).trim();
    params.set(name, raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeBytes(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Quoted-printable bytes: `=XX` escapes and `=` soft line breaks. */
export function quotedPrintableBytes(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i] ?? '';
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

export function decodeQuotedPrintable(text: string, charset?: string): string {
  return decodeBytes(quotedPrintableBytes(text), charset);
}

/** RFC 2047 encoded words in a header, e.g. `=?UTF-8?Q?Mar=C3=ADa?=`. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  // Whitespace between two encoded words is not part of the text.
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_match, charset: string, encoding: string, encoded: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(encoded, 'base64')
          : quotedPrintableBytes(encoded.replaceAll('_', ' '));
      return decodeBytes(bytes, charset);
    });
}

function decodeBody(body: string, encoding: string | undefined, charset: string | undefined) {
  switch ((encoding ?? '7bit').trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body, charset);
    case 'base64':
      return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
    default:
      return body;
  }
}

function parsePart(raw: string): MimePart {
  const [headerBlock, body] = splitHeadersAndBody(raw);
  const headers = parseHeaders(headerBlock);
  const { type, params } = parseContentType(headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const delimiter = `--${boundary}`;
    const parts: MimePart[] = [];
    const sections = body.split(new RegExp(`^${escapeRegExp(delimiter)}(?:--)?[ \\t]*$`, 'm'));
    // sections[0] is the preamble, the last one the epilogue after the closing delimiter.
    for (const section of sections.slice(1, -1)) {
      parts.push(parsePart(section.replace(/^\n/, '').replace(/\n$/, '')));
    }
    return { headers, contentType: type, params, body: '', parts };
  }
  return {
    headers,
    contentType: type,
    params,
    body: decodeBody(body, headers.get('content-transfer-encoding'), params.get('charset')),
    parts: [],
  };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function firstOfType(part: MimePart, type: string): string | undefined {
  if (part.contentType === type && part.parts.length === 0) return part.body;
  for (const child of part.parts) {
    const found = firstOfType(child, type);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Reads a whole message (as received by SMTP) into its headers and its text and HTML parts. */
export function parseMessage(raw: string): ParsedMessage {
  const root = parsePart(raw.replace(/\r\n/g, '\n'));
  const headers = new Map(
    [...root.headers].map(([name, value]) => [name, decodeEncodedWords(value)] as const),
  );
  return {
    headers,
    subject: headers.get('subject') ?? '',
    text: firstOfType(root, 'text/plain'),
    html: firstOfType(root, 'text/html'),
    root,
  };
}
