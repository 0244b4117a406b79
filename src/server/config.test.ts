import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tlsSettingFrom } from './config';

const DATA_DIR = '/srv/fleet/data';

describe('https from the environment (decision 068)', () => {
  it('is off unless asked for', () => {
    for (const HTTPS of [undefined, '', '0', 'false', 'off'])
      expect(tlsSettingFrom({ HTTPS }, DATA_DIR), HTTPS).toBeUndefined();
  });

  it('HTTPS=1 makes a certificate for this machine and keeps it in DATA_DIR/tls', () => {
    for (const HTTPS of ['1', 'true', 'on', 'ON'])
      expect(tlsSettingFrom({ HTTPS }, DATA_DIR), HTTPS).toEqual({
        kind: 'generated',
        dir: path.join(DATA_DIR, 'tls'),
      });
  });

  it('TLS_CERT_FILE and TLS_KEY_FILE take precedence, and turn it on by themselves', () => {
    const files = { TLS_CERT_FILE: 'certs/portal.pem', TLS_KEY_FILE: '/etc/fleet/portal-key.pem' };
    const expected = {
      kind: 'files',
      certFile: path.resolve('certs/portal.pem'),
      keyFile: '/etc/fleet/portal-key.pem',
    };
    expect(tlsSettingFrom(files, DATA_DIR)).toEqual(expected);
    expect(tlsSettingFrom({ ...files, HTTPS: '1' }, DATA_DIR)).toEqual(expected);
  });

  it('stops the start on what it cannot mean', () => {
    expect(() => tlsSettingFrom({ HTTPS: 'yes please' }, DATA_DIR)).toThrow(/HTTPS/);
    expect(() => tlsSettingFrom({ TLS_CERT_FILE: 'cert.pem' }, DATA_DIR)).toThrow(
      'TLS_CERT_FILE and TLS_KEY_FILE go together',
    );
    expect(() => tlsSettingFrom({ TLS_KEY_FILE: 'key.pem' }, DATA_DIR)).toThrow(/go together/);
    expect(() =>
      tlsSettingFrom({ HTTPS: '0', TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }, DATA_DIR),
    ).toThrow(/contradicts/);
  });
});
