import { describe, expect, it } from 'vitest';
import {
  XmlSyntaxError,
  escapeXmlText,
  fieldsOf,
  readTxn,
  readXml,
  writeTxn,
  writeTxnList,
} from './converge-xml.ts';

describe('Converge XML', () => {
  it('writes flat <txn> documents with every value escaped', () => {
    expect(writeTxn({ ssl_invoice_number: `A&B<C>"'`, ssl_amount: '1.00' })).toBe(
      '<txn><ssl_invoice_number>A&amp;B&lt;C&gt;&quot;&apos;</ssl_invoice_number><ssl_amount>1.00</ssl_amount></txn>',
    );
    expect(() => writeTxn({ 'bad name': 'x' })).toThrow(RangeError);
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXmlText('a\u0000b\u0007c\td')).toBe('abc\td');
  });

  it('reads back what it writes', () => {
    const fields = { a: `<&>"' ünïcødé`, b: '', c: '  spaced  ' };
    expect(readTxn(writeTxn(fields))).toEqual(fields);
  });

  it('reads Converge answers: declaration, whitespace, comments, CDATA, self-closing and numeric entities', () => {
    const answer = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
      <!-- answer -->
      <txnlist>
        <ssl_txn_count>2</ssl_txn_count>
        <txn><ssl_txn_id>1</ssl_txn_id><ssl_invoice_number><![CDATA[A&B<1>]]></ssl_invoice_number></txn>
        <txn kind="x"><ssl_txn_id>2</ssl_txn_id><ssl_approval_code/><ssl_first_name>J&#233;r&#xF4;me</ssl_first_name></txn>
      </txnlist>`;
    const root = readXml(answer);
    expect(root.name).toBe('txnlist');
    const txns = root.children.filter((child) => child.name === 'txn').map(fieldsOf);
    expect(txns).toEqual([
      { ssl_txn_id: '1', ssl_invoice_number: 'A&B<1>' },
      { ssl_txn_id: '2', ssl_approval_code: '', ssl_first_name: 'Jérôme' },
    ]);
  });

  it('writes a txnlist with its count', () => {
    const list = writeTxnList([{ ssl_txn_id: '1' }, { ssl_txn_id: '2' }]);
    expect(list).toBe(
      '<txnlist><ssl_txn_count>2</ssl_txn_count><txn><ssl_txn_id>1</ssl_txn_id></txn><txn><ssl_txn_id>2</ssl_txn_id></txn></txnlist>',
    );
  });

  it.each([
    ['unclosed element', '<txn><a>1</txn>'],
    ['mismatched close', '<txn><a>1</b></txn>'],
    ['bare ampersand', '<txn><a>A & B</a></txn>'],
    ['unknown entity', '<txn><a>&nbsp;</a></txn>'],
    ['control character entity', '<txn><a>&#0;</a></txn>'],
    ['doctype', '<!DOCTYPE txn [<!ENTITY e SYSTEM "file:///etc/passwd">]><txn><a>&e;</a></txn>'],
    ['text beside elements', '<txn>loose<a>1</a></txn>'],
    ['two roots', '<txn></txn><txn></txn>'],
    ['no element', 'plain text'],
    ['empty', ''],
    ['unterminated comment', '<txn><!-- x</txn>'],
  ])('refuses %s', (_name, source) => {
    expect(() => readXml(source)).toThrow(XmlSyntaxError);
  });

  it('refuses a <txn> whose field has elements of its own, and a root other than <txn>', () => {
    expect(() => readTxn('<txn><a><b>1</b></a></txn>')).toThrow(XmlSyntaxError);
    expect(() => readTxn('<txnlist></txnlist>')).toThrow(XmlSyntaxError);
  });
});
