import { addressKey } from './address-key';

describe('addressKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['FE80::1', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('keys %s as %s', (address, key) => expect(addressKey(address)).toBe(key));
});
