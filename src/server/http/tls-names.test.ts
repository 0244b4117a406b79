import type { NetworkInterfaceInfo } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTlsCredentials } from './tls';
import {
  lanAddresses,
  namesNotCovered,
  subjectNamesFor,
  type NetworkInterfaces,
} from './tls-names';

const entry = (address: string, internal = false): NetworkInterfaceInfo =>
  address.includes(':')
    ? {
        address,
        internal,
        family: 'IPv6',
        netmask: 'ffff:ffff:ffff:ffff::',
        mac: '00:00:00:00:00:00',
        cidr: null,
        scopeid: 0,
      }
    : {
        address,
        internal,
        family: 'IPv4',
        netmask: '255.255.255.0',
        mac: '00:00:00:00:00:00',
        cidr: null,
      };

/** A laptop on a LAN with Docker: loopback, Wi-Fi (IPv4, global and link-local IPv6), a bridge. */
const LAPTOP: NetworkInterfaces = {
  lo: [entry('127.0.0.1', true), entry('::1', true)],
  wlan0: [entry('192.168.1.23'), entry('2001:db8::23'), entry('fe80::1c2b:3ff:fe4d:5e6f')],
  docker0: [entry('172.17.0.1')],
};

describe('the names a certificate for this machine covers', () => {
  it('localhost, the host name (and its .local), loopback and every address a browser can open', () => {
    expect(subjectNamesFor('Laptop', LAPTOP)).toEqual({
      dns: ['localhost', 'laptop', 'laptop.local'],
      ips: ['127.0.0.1', '::1', '192.168.1.23', '2001:db8::23', '172.17.0.1'],
    });
  });

  it('keeps a fully qualified host name as it is, and leaves out one DNS cannot carry', () => {
    expect(subjectNamesFor('box.example.com', {}).dns).toEqual(['localhost', 'box.example.com']);
    expect(subjectNamesFor('build_box', {}).dns).toEqual(['localhost']);
    expect(subjectNamesFor('localhost', {}).dns).toEqual(['localhost']);
    expect(subjectNamesFor('', {})).toEqual({ dns: ['localhost'], ips: ['127.0.0.1', '::1'] });
  });

  it('prints the IPv4 addresses a phone on the LAN opens', () => {
    expect(lanAddresses(LAPTOP)).toEqual(['192.168.1.23', '172.17.0.1']);
    expect(lanAddresses({ lo: LAPTOP.lo })).toEqual([]);
  });
});

describe('what a kept certificate does not cover', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-tls-names-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const names = subjectNamesFor('laptop', LAPTOP);

  it('names a missing DNS name or IPv4 address, not a new IPv6 address', async () => {
    const { cert } = await loadTlsCredentials({ kind: 'generated', dir }, names);
    const certificate = new X509Certificate(cert);
    expect(namesNotCovered(certificate, names)).toEqual([]);
    const moved = {
      dns: [...names.dns, 'laptop.example.com'],
      ips: [...names.ips, '10.0.0.7', '2001:db8::99'],
    };
    expect(namesNotCovered(certificate, moved)).toEqual(['laptop.example.com', '10.0.0.7']);
  });
});
