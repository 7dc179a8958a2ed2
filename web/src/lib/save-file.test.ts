import { describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file.ts';

describe('saveFile', () => {
  it('clicks a hidden download link to an object URL, removes it, and revokes the URL later', () => {
    vi.useFakeTimers();
    try {
      const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:webpay/1');
      const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      const clicked: { href: string; download: string; inPage: boolean }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ href: this.href, download: this.download, inPage: this.isConnected });
      });

      saveFile(file, 'statement-2026-06-01.pdf');

      expect(create).toHaveBeenCalledWith(file);
      expect(clicked).toEqual([
        { href: 'blob:webpay/1', download: 'statement-2026-06-01.pdf', inPage: true },
      ]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoke).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(revoke).toHaveBeenCalledWith('blob:webpay/1');
    } finally {
      vi.useRealTimers();
    }
  });
});
