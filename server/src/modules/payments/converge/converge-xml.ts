/*
 * Converge's XML API speaks small, flat documents: `<txn>` with one element
 * per field, or `<txnlist>` holding a count and several `<txn>`. This is a
 * reader and writer for exactly that shape, so no XML library (and none of
 * the DTD and entity machinery that XML attacks live in) is needed.
 */

/** A field of a `<txn>` document: its element name and text. */
export type TxnFields = Record<string, string>;

export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/** An element as read: its name and either text or child elements, never both. */
export interface XmlElement {
  name: string;
  text: string;
  children: XmlElement[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const NAME_AT_START = /^[A-Za-z_][A-Za-z0-9_.-]*/;
const PREDEFINED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
/** Characters XML 1.0 cannot carry at all, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXmlText(value: string): string {
  return value
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function decodeEntities(raw: string): string {
  return raw.replace(/&([^;&<>\s]*);|&/g, (match, entity: string | undefined) => {
    if (entity === undefined) throw new XmlSyntaxError('a bare "&" must be written as &amp;');
    const predefined = PREDEFINED_ENTITIES[entity];
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(entity);
    if (numeric) {
      const codePoint = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (codePoint > 0x10ffff || String.fromCodePoint(codePoint).match(NOT_XML_CHARACTERS)) {
        throw new XmlSyntaxError(`${match} is not a character XML can carry`);
      }
      return String.fromCodePoint(codePoint);
    }
    throw new XmlSyntaxError(`unknown entity ${match}`);
  });
}

class Reader {
  private position = 0;

  constructor(private readonly source: string) {}

  read(): XmlElement {
    this.skipProlog();
    const root = this.element();
    this.skipMisc();
    if (this.position < this.source.length) {
      throw new XmlSyntaxError('content after the root element');
    }
    return root;
  }

  private rest(): string {
    return this.source.slice(this.position);
  }

  private skipWhitespace(): void {
    while (this.position < this.source.length && /\s/.test(this.source[this.position] ?? '')) {
      this.position += 1;
    }
  }

  private skipUntil(terminator: string, what: string): void {
    const end = this.source.indexOf(terminator, this.position);
    if (end < 0) throw new XmlSyntaxError(`unterminated ${what}`);
    this.position = end + terminator.length;
  }

  /** Comments and whitespace, which may surround the root element. */
  private skipMisc(): void {
    for (;;) {
      this.skipWhitespace();
      if (!this.rest().startsWith('<!--')) return;
      this.skipUntil('-->', 'comment');
    }
  }

  private skipProlog(): void {
    // A byte-order mark is how some clients start UTF-8; it is not content.
    if (this.source.startsWith('\uFEFF')) this.position = 1;
    this.skipWhitespace();
    if (this.rest().startsWith('<?xml')) this.skipUntil('?>', 'XML declaration');
    this.skipMisc();
    if (this.rest().startsWith('<!')) {
      // A DOCTYPE could declare entities; Converge never sends one, so it is refused.
      throw new XmlSyntaxError('document type declarations are not accepted');
    }
  }

  private name(): string {
    const match = NAME_AT_START.exec(this.rest());
    if (!match) throw new XmlSyntaxError(`expected an element name at offset ${this.position}`);
    this.position += match[0].length;
    return match[0];
  }

  private element(): XmlElement {
    if (this.source[this.position] !== '<') {
      throw new XmlSyntaxError(`expected an element at offset ${this.position}`);
    }
    this.position += 1;
    const name = this.name();
    // Converge does not use attributes; any that arrive are skipped, not interpreted.
    const tagEnd = /^(?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*(\/?)>/.exec(
      this.rest(),
    );
    if (!tagEnd) throw new XmlSyntaxError(`malformed start tag <${name}>`);
    this.position += tagEnd[0].length;
    const element: XmlElement = { name, text: '', children: [] };
    if (tagEnd[1] === '/') return element;

    let text = '';
    for (;;) {
      const next = this.source.indexOf('<', this.position);
      if (next < 0) throw new XmlSyntaxError(`<${name}> is never closed`);
      text += this.source.slice(this.position, next);
      this.position = next;
      const rest = this.rest();
      if (rest.startsWith('</')) {
        this.position += 2;
        const closing = this.name();
        this.skipWhitespace();
        if (closing !== name || this.source[this.position] !== '>') {
          throw new XmlSyntaxError(`<${name}> is closed by </${closing}>`);
        }
        this.position += 1;
        break;
      }
      if (rest.startsWith('<!--')) {
        this.skipUntil('-->', 'comment');
      } else if (rest.startsWith('<![CDATA[')) {
        const end = this.source.indexOf(']]>', this.position);
        if (end < 0) throw new XmlSyntaxError('unterminated CDATA section');
        // Escaped so that decoding below leaves the section's text exactly as written.
        text += escapeXmlText(this.source.slice(this.position + 9, end));
        this.position = end + 3;
      } else {
        element.children.push(this.element());
      }
    }

    const decoded = decodeEntities(text);
    if (element.children.length > 0) {
      if (decoded.trim() !== '') {
        throw new XmlSyntaxError(`<${name}> mixes text with elements`);
      }
      return element;
    }
    element.text = decoded;
    return element;
  }
}

/** Reads any small XML document into elements; throws XmlSyntaxError when it is not well formed. */
export function readXml(source: string): XmlElement {
  return new Reader(source).read();
}

/** The fields of a flat element: each child's name and text; a repeated field keeps its last value. */
export function fieldsOf(element: XmlElement): TxnFields {
  const fields: TxnFields = {};
  for (const child of element.children) {
    if (child.children.length > 0) {
      throw new XmlSyntaxError(`<${child.name}> inside <${element.name}> is not a plain field`);
    }
    fields[child.name] = child.text;
  }
  return fields;
}

/** A `<txn>` document's fields. */
export function readTxn(source: string): TxnFields {
  const root = readXml(source);
  if (root.name !== 'txn') throw new XmlSyntaxError(`expected <txn>, got <${root.name}>`);
  return fieldsOf(root);
}

function writeFields(fields: TxnFields): string {
  return Object.entries(fields)
    .map(([name, value]) => {
      if (!NAME.test(name)) throw new RangeError(`not an XML element name: ${name}`);
      return `<${name}>${escapeXmlText(value)}</${name}>`;
    })
    .join('');
}

/** `<txn>` with one element per field, values escaped. */
export function writeTxn(fields: TxnFields): string {
  return `<txn>${writeFields(fields)}</txn>`;
}

/** `<txnlist>` as txnquery answers: the count, then each transaction. */
export function writeTxnList(transactions: readonly TxnFields[]): string {
  const count = `<ssl_txn_count>${transactions.length}</ssl_txn_count>`;
  return `<txnlist>${count}${transactions.map(writeTxn).join('')}</txnlist>`;
}

/** The XML declaration Converge puts before every answer. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
