import { isNonPublicAddress, targetUrlProblem } from './target-address';

describe('where messages may go', () => {
  const production = { production: true };
  const development = { production: false };

  it.each([
    ['0.0.0.0', 'this network'],
    ['0.255.255.255', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.254', 'shared address space (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'limited broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::a01:203', 'IPv4-compatible'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, as a URL writes it'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a01:203', 'NAT64'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:a01:203::1', '6to4'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'segment routing'],
    ['fc00::1', 'unique local'],
    ['fd00::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['not-an-ip', 'not an address'],
  ])('%s is not public (%s)', (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.32.0.1', '198.20.0.1', '223.255.255.255', '2606:4700:4700::1111', '2001:4860:4860::8888', '2003::1', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => expect(isNonPublicAddress(address)).toBe(false),
  );

  it('allows only https in production', () => {
    expect(targetUrlProblem(new URL('http://example.com/hook'), production)).toBe('must use https');
    expect(targetUrlProblem(new URL('https://example.com/hook'), production)).toBeNull();
  });

  it('refuses loopback, private and link-local hosts in production, names included', () => {
    for (const url of ['https://127.0.0.1/h', 'https://[::1]/h', 'https://[::ffff:127.0.0.1]/h', 'https://[2002:a01:203::1]/h', 'https://10.0.0.5/h', 'https://169.254.169.254/latest', 'https://localhost/h', 'https://localhost./h', 'https://api.localhost/h']) {
      expect(targetUrlProblem(new URL(url), production)).toBe('must not be a private, loopback or link-local address');
    }
  });

  it('allows http and local receivers outside production', () => {
    expect(targetUrlProblem(new URL('http://127.0.0.1:3000/h'), development)).toBeNull();
    expect(targetUrlProblem(new URL('http://localhost/h'), development)).toBeNull();
  });
});
