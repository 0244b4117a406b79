import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names a plain file as it is', () => {
    expect(attachmentDisposition('M_20240101_AB-12-CD.DDD')).toBe(
      `attachment; filename="M_20240101_AB-12-CD.DDD"; filename*=UTF-8''M_20240101_AB-12-CD.DDD`,
    );
  });

  it('keeps the exact name in filename* and an ASCII one in filename', () => {
    expect(attachmentDisposition('Jürgen "Ö" 100%.ddd')).toBe(
      `attachment; filename="J_rgen ___ 100_.ddd"; ` +
        `filename*=UTF-8''J%C3%BCrgen%20%22%C3%96%22%20100%25.ddd`,
    );
  });

  it('drops path separators and control characters', () => {
    const header = attachmentDisposition('../../etc/passwd\r\nX-Evil: 1');
    expect(header).not.toMatch(/[\r\n/\\]/);
    expect(header).toContain('filename=".._.._etc_passwd__X-Evil: 1"');
    expect(attachmentDisposition('\u0001')).toContain('filename="_"');
    expect(attachmentDisposition('   ')).toContain('filename="download"');
  });
});
