import { create, parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

/** The file name a browser saves under, read back the way the package reads the header. */
const savedName = (header: string) => parse(header).parameters.filename;

describe('attachmentDisposition', () => {
  it('is the content-disposition package’s header for a plain name', () => {
    expect(attachmentDisposition('M_20240101_AB-12-CD.DDD')).toBe(
      create('M_20240101_AB-12-CD.DDD'),
    );
    expect(attachmentDisposition('M_20240101_AB-12-CD.DDD')).toBe(
      'attachment; filename=M_20240101_AB-12-CD.DDD',
    );
  });

  it('keeps the exact name in filename* and an ASCII one in filename', () => {
    const header = attachmentDisposition('Jürgen "Ö" 100%.ddd');
    expect(header).toBe(
      `attachment; filename="J?rgen \\"?\\" 100%.ddd"; ` +
        `filename*=UTF-8''J%C3%BCrgen%20%22%C3%96%22%20100%25.ddd`,
    );
    expect(savedName(header)).toBe('Jürgen "Ö" 100%.ddd');
  });

  it('drops path separators and control characters', () => {
    const header = attachmentDisposition('../../etc/passwd\r\nX-Evil: 1');
    expect(header).not.toMatch(/[\r\n/\\]/);
    expect(savedName(header)).toBe('.._.._etc_passwd__X-Evil: 1');
    expect(savedName(attachmentDisposition('a\\b.ddd'))).toBe('a_b.ddd');
    expect(savedName(attachmentDisposition('\u0001'))).toBe('_');
    expect(savedName(attachmentDisposition('   '))).toBe('download');
  });
});
