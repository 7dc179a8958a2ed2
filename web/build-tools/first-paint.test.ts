import { describe, expect, it } from 'vitest';
import { withFirstPaint } from './first-paint.ts';

describe('withFirstPaint', () => {
  it("puts the markup inside index.html's root element", () => {
    expect(withFirstPaint('<body><div id="root"></div></body>', '<p>hi</p>')).toBe(
      '<body><div id="root"><p>hi</p></div></body>',
    );
  });

  it('refuses a page without an empty root element, rather than ship a blank first paint', () => {
    expect(() => withFirstPaint('<body><main></main></body>', '<p>hi</p>')).toThrow(/id="root"/);
  });
});
