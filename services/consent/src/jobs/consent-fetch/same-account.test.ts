import type { StoredAccount } from '../../infrastructure/account.repository';
import type { ProviderAccount } from '../../providers/bank-provider';
import { continuedAccounts } from './same-account';

const stored = (externalId: string, iban: string, currency = 'EUR', externalIdAliases?: string[]): StoredAccount => ({
  id: `id-${externalId}`,
  consentId: 'c1',
  ownerClientId: 'app',
  externalId,
  iban,
  name: 'Account',
  type: 'Current',
  currency,
  ownerName: 'A. Jansen',
  ...(externalIdAliases ? { externalIdAliases } : {}),
});
const listed = (externalId: string, identification: string | undefined, currency = 'EUR'): ProviderAccount => ({
  externalId,
  iban: identification ?? externalId,
  name: 'Account',
  type: 'Current',
  currency,
  ownerName: 'A. Jansen',
  ...(identification ? { identification } : {}),
});

describe('the stored account a listed account continues', () => {
  it('keeps a known id, and takes an unknown one for the stored account of the same IBAN (spaces and case aside) and currency, recording the new id', () => {
    const held = [stored('r1', 'NL02ABNA0123456789'), stored('r2', 'NL91ABNA0417164300')];
    expect(continuedAccounts(held, [listed('r1', 'NL02ABNA0123456789'), listed('n2', 'nl91 abna 0417 1643 00')])).toEqual([{ externalId: 'r1' }, { externalId: 'r2', externalIdAliases: ['n2'] }]);
  });

  it('maps a recorded id to its account without matching again, and adds a third id to the recorded ones', () => {
    const held = [stored('r1', 'NL02ABNA0123456789', 'EUR', ['n1'])];
    expect(continuedAccounts(held, [listed('n1', undefined)])).toEqual([{ externalId: 'r1', externalIdAliases: ['n1'] }]);
    expect(continuedAccounts(held, [listed('m1', 'NL02ABNA0123456789')])).toEqual([{ externalId: 'r1', externalIdAliases: ['n1', 'm1'] }]);
  });

  it('matches by BBAN or masked card number where the bank gives no IBAN', () => {
    const held = [stored('r1', '123456789'), stored('r2', '4111 11** **** 1111')];
    expect(continuedAccounts(held, [listed('n2', '411111******1111'), listed('n1', '123456789')])).toEqual([
      { externalId: 'r2', externalIdAliases: ['n2'] },
      { externalId: 'r1', externalIdAliases: ['n1'] },
    ]);
  });

  it('takes an account of the same IBAN in another currency, one without a number, or one of several alike as new', () => {
    const held = [stored('r1', 'NL02ABNA0123456789', 'EUR'), stored('r2', 'r2', 'EUR'), stored('r3', 'NL91ABNA0417164300'), stored('r4', 'NL91ABNA0417164300')];
    expect(continuedAccounts(held, [listed('n1', 'NL02ABNA0123456789', 'USD'), listed('n2', undefined), listed('n3', 'NL91ABNA0417164300')])).toEqual([{ externalId: 'n1' }, { externalId: 'n2' }, { externalId: 'n3' }]);
  });

  it('does not give a stored account to a second listed account when another listed one already continues it', () => {
    const held = [stored('r1', 'NL02ABNA0123456789')];
    expect(continuedAccounts(held, [listed('r1', 'NL02ABNA0123456789'), listed('n1', 'NL02ABNA0123456789')])).toEqual([{ externalId: 'r1' }, { externalId: 'n1' }]);
  });
});
